import { apiData, ApiError } from '@auditdesk/shared';
import type { ReleasesOverview, RemoteName, RemoteReleases } from '@auditdesk/shared/core';

export const fetchReleases = () => apiData<ReleasesOverview>('/releases');

export const promoteRelease = (remote: RemoteName, version: string) =>
  apiData<RemoteReleases>(`/releases/${remote}/promote`, { method: 'POST', body: { version } });

export const rollBackRelease = (remote: RemoteName) =>
  apiData<RemoteReleases>(`/releases/${remote}/rollback`, { method: 'POST' });

/** What keeps a release from going live, as the server's check listed it (none: another failure). */
export function checkProblems(error: Error): string[] {
  const problems =
    error instanceof ApiError ? (error.problem as { problems?: unknown } | undefined)?.problems : undefined;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
}
