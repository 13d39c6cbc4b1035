import type { SyncRange } from '@auditdesk/shared/core';
import type { SyncRunContext } from '../../src/sync/engine/runSync';

/** A run of the engine on its own: no previous run to compare with, the lease always held. */
export const freshRun = (range: SyncRange, runId = 1): SyncRunContext => ({
  runId,
  range,
  previous: null,
  assertStillOwned: async () => {},
});
