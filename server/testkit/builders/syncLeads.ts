import type { Database } from '../../src/platform/db/database';
import { createLeadsRepository } from '../../src/features/leads/repository/leadsRepository';
import { leadContentHash } from '../../src/features/leads/record/leadContentHash';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';
import { leadChunksOf } from '../../src/features/leads/record/leadChunks';
import { createSyncRunsRepository } from '../../src/features/sync/runs/syncRunsRepository';

/**
 * Writes leads the way the sync's database step does, for a range given as instants, as a
 * run of its own: the step writes only while its run holds the lease.
 */
export async function syncLeads(
  { db }: { db: Database },
  records: LeadRecord[],
  range: { from: number; to: number },
  syncedAt: string,
) {
  const runs = createSyncRunsRepository(db, { leaseMs: 60_000, stallMs: 600_000 });
  const from = new Date(range.from).toISOString();
  const to = new Date(range.to).toISOString();
  const run = await runs.start({ startDate: from.slice(0, 10), endDate: to.slice(0, 10) }, 'cli', null, {
    source: 'test leads',
    sink: 'none',
  });
  const written = await createLeadsRepository(db).sync.apply(
    run.id,
    leadChunksOf(records.map((record) => ({ ...record, contentHash: leadContentHash(record) }))),
    { from, to },
    syncedAt,
  );
  await runs.finish(run.id, {
    success: true,
    message: 'test leads written',
    eventsProcessed: records.length,
    eventsCreated: written.created,
    eventsUpdated: written.updated,
    eventsDeleted: written.deleted,
    sheetWritten: 0,
    sheetRemoved: 0,
    runHash: null,
    sourceHash: null,
  });
  return written;
}
