import { defineOperations } from './operation';

/** /api/releases: the remotes' releases (Admin), and the load reports every signed-in tab sends. */
export const releasesOperations = defineOperations({
  releasesOverview: { method: 'GET', path: '/releases', access: ['Admin'] },
  releasesPromote: { method: 'POST', path: '/releases/:remote/promote', access: ['Admin'] },
  releasesRollback: { method: 'POST', path: '/releases/:remote/rollback', access: ['Admin'] },
  releasesReportLoadError: { method: 'POST', path: '/releases/load-errors', access: 'signed-in' },
  releasesReportPageLoad: { method: 'POST', path: '/releases/page-loads', access: 'signed-in' },
});
