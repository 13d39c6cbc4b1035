import type { SyncRange } from '@auditdesk/shared/core';
import type { Database } from '../../src/platform/db/database';
import type { SyncRunContext } from '../../src/features/sync/engine/runSync';
import { createSyncRunsRepository } from '../../src/features/sync/runs/syncRunsRepository';
import { heldForGood } from './runHolds';

/**
 * A run of the engine on its own: a running row in sync_runs (the database step writes only
 * while its run holds the lease), no previous run to compare with.
 */
export async function freshRun(db: Database, range: SyncRange): Promise<SyncRunContext> {
  // a lease of 1 ms: an earlier engine run on this database (never finished) is over
  const runs = createSyncRunsRepository(db, { leaseMs: 1, stallMs: 1 });
  const run = await runs.start(range, 'cli', null, { source: 'test calendar', sink: 'test sheet' });
  return { runId: run.id, range, previous: null, hold: heldForGood(run.id) };
}
