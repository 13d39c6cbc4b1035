import type { Role } from '@auditdesk/shared/core';

/** Why a person may not start a sync (the server's SYNC_ROLES leaves their role out); null when they may. */
export function startRefusal(role: Role | undefined, startRoles: readonly Role[]): string | null {
  if (role && startRoles.includes(role)) return null;
  const who =
    startRoles.length === 1
      ? `${startRoles[0]}s`
      : `${startRoles.slice(0, -1).join('s, ')}s and ${startRoles.at(-1)}s`;
  return `Only ${who} can start a sync. The status and the history below stay up to date.`;
}
