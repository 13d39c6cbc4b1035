import { queryClient } from './queryClient';
import { queryKeys } from './queryKeys';

/** After a lead is created, changed or deleted (spec section 4, "Caches"). */
export function invalidateAfterLeadChange(): Promise<void> {
  return Promise.all(
    [queryKeys.leads, queryKeys.scheduling, queryKeys.dashboard].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** After a sync: only one that created, updated or deleted something changes the caches. */
export function invalidateAfterSync(changedRecords: number): Promise<void> {
  if (changedRecords <= 0) return Promise.resolve();
  return Promise.all(
    [queryKeys.leads, queryKeys.scheduling, queryKeys.dashboard, queryKeys.syncStatus].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
