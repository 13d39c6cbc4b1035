import { apiRequest, queryKeys } from '@auditdesk/shared';
import type { SyncHistoryPage, SyncRange, SyncResult, SyncStatus } from './syncTypes';

async function data<T>(path: string): Promise<T> {
  const result = await apiRequest<T>(path);
  if (!result.success) throw new Error(result.problem?.detail ?? result.error ?? 'An error occurred');
  return result.data as T;
}

export const syncStatusQuery = {
  queryKey: queryKeys.syncStatus,
  queryFn: () => data<SyncStatus>('/sync/status'),
};
export const HISTORY_PAGE_SIZE = 10;

/** One page of past runs; under the status key, so whatever refreshes the status refreshes it. */
export const syncHistoryQuery = (page: number) => ({
  queryKey: [...queryKeys.syncStatus, 'history', page],
  queryFn: () => data<SyncHistoryPage>(`/sync/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`),
});

/** Starts a run; resolves with its result when it ends (progress arrives over the hub meanwhile). */
export async function executeSync(range: SyncRange): Promise<SyncResult> {
  const result = await apiRequest<SyncResult>('/sync/execute', { method: 'POST', body: range });
  if (!result.success) throw new Error(result.problem?.detail ?? result.error ?? 'Sync failed');
  return result.data as SyncResult;
}
