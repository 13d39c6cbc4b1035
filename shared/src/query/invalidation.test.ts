import { invalidateAfterLeadChange, invalidateAfterSync } from './invalidation';
import { queryClient } from './queryClient';

function seed() {
  queryClient.clear();
  for (const key of ['leads', 'scheduling', 'dashboard', 'sync-status', 'other'])
    queryClient.setQueryData([key], 1);
}
const invalidated = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0])
    .sort();

describe('cache invalidation rules', () => {
  it('a lead change invalidates leads, scheduling and dashboard', async () => {
    seed();
    await invalidateAfterLeadChange();
    expect(invalidated()).toEqual(['dashboard', 'leads', 'scheduling']);
  });

  it('a sync with changes invalidates the sync status too; one without keeps everything', async () => {
    seed();
    await invalidateAfterSync(0);
    expect(invalidated()).toEqual([]);
    await invalidateAfterSync(3);
    expect(invalidated()).toEqual(['dashboard', 'leads', 'scheduling', 'sync-status']);
  });
});
