import { defineOperations } from './operation';

/** /api/releases: the remotes' releases and stages (Admin), each person's own, and the load reports every signed-in tab sends. */
export const releasesOperations = defineOperations({
  releasesOverview: { method: 'GET', path: '/releases', access: ['Admin'] },
  releasesMine: { method: 'GET', path: '/releases/mine', access: 'signed-in' },
  releasesPromote: { method: 'POST', path: '/releases/:remote/promote', access: ['Admin'] },
  releasesRollback: { method: 'POST', path: '/releases/:remote/rollback', access: ['Admin'] },
  releasesStage: { method: 'POST', path: '/releases/:remote/stage', access: ['Admin'] },
  releasesAdvance: { method: 'POST', path: '/releases/:remote/advance', access: ['Admin'] },
  releasesAbort: { method: 'POST', path: '/releases/:remote/abort', access: ['Admin'] },
  releasesPreview: { method: 'POST', path: '/releases/:remote/preview', access: ['Admin'] },
  releasesLeavePreview: { method: 'DELETE', path: '/releases/:remote/preview', access: 'signed-in' },
  releasesReportLoadError: { method: 'POST', path: '/releases/load-errors', access: 'signed-in' },
  releasesReportPageLoad: { method: 'POST', path: '/releases/page-loads', access: 'signed-in' },
});
