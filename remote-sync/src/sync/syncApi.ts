import { apiData, queryKeys } from '@auditdesk/shared';
import type { SyncHistoryPage, SyncRange, SyncResult, SyncStatus } from './syncTypes';

export const syncStatusQuery = {
  queryKey: queryKeys.syncStatus,
  queryFn: () => apiData<SyncStatus>('/sync/status'),
};
export const HISTORY_PAGE_SIZE = 10;

/** One page of past runs; under the status key, so whatever refreshes the status refreshes it. */
export const syncHistoryQuery = (page: number) => ({
  queryKey: [...queryKeys.syncStatus, 'history', page],
  queryFn: () => apiData<SyncHistoryPage>(`/sync/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`),
});

/** Starts a run; resolves with its result when it ends (progress arrives over the hub meanwhile). */
export function executeSync(range: SyncRange): Promise<SyncResult> {
  return apiData<SyncResult>(
    '/sync/execute',
    { method: 'POST', body: range },
    (result) => result.problem?.detail ?? result.error ?? 'Sync failed',
  );
}
