import { api, apiDescribed, queryKeys, routes, type SyncRange, type SyncStatus } from '@auditdesk/shared';

/** How often the status is asked again while a run is on: a stalled run sends no event to say so. */
export const RUNNING_STATUS_POLL_MS = 15_000;

export const syncStatusQuery = {
  queryKey: queryKeys.syncStatus,
  queryFn: () => api(routes.syncStatus),
  refetchInterval: (query: { state: { data?: SyncStatus } }) =>
    query.state.data?.isRunning ? RUNNING_STATUS_POLL_MS : false,
};
export const HISTORY_PAGE_SIZE = 10;

/** One page of past runs; under the status key, so whatever refreshes the status refreshes it. */
export const syncHistoryQuery = (page: number) => ({
  queryKey: [...queryKeys.syncStatus, 'history', page],
  queryFn: () => api(routes.syncHistory, { query: { page, pageSize: HISTORY_PAGE_SIZE } }),
});

/** Starts a run; resolves with its result when it ends (progress arrives over the hub meanwhile). */
export const executeSync = (range: SyncRange) =>
  apiDescribed(routes.syncExecute, (result) => result.problem?.detail ?? result.error ?? 'Sync failed', {
    body: range,
  });
