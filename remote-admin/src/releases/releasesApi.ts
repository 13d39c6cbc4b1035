import { api, ApiError, routes } from '@auditdesk/shared';
import type { RemoteName, StageAudience } from '@auditdesk/shared/core';

export const fetchReleases = () => api(routes.releasesOverview);

export const promoteRelease = (remote: RemoteName, version: string) =>
  api(routes.releasesPromote, { params: { remote }, body: { version } });

export const rollBackRelease = (remote: RemoteName) => api(routes.releasesRollback, { params: { remote } });

export const stageRelease = (remote: RemoteName, version: string, audience: StageAudience) =>
  api(routes.releasesStage, { params: { remote }, body: { version, audience } });

export const advanceStage = (remote: RemoteName) => api(routes.releasesAdvance, { params: { remote } });

export const abortStage = (remote: RemoteName) => api(routes.releasesAbort, { params: { remote } });

export const previewRelease = (remote: RemoteName, version: string) =>
  api(routes.releasesPreview, { params: { remote }, body: { version } });

/** What keeps a release from going live, as the server's check listed it (none: another failure). */
export function checkProblems(error: Error): string[] {
  const problems =
    error instanceof ApiError ? (error.problem as { problems?: unknown } | undefined)?.problems : undefined;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
}
