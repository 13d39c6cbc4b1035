import type { LeadsRepository } from '../../src/leads/repository/leadsRepository';
import { leadContentHash } from '../../src/sync/database/leadContentHash';
import type { LeadRecord } from '../../src/sync/parser/leadRecord';

/** Writes leads the way the sync's database step does, for a range given as instants. */
export function syncLeads(
  leads: LeadsRepository,
  records: LeadRecord[],
  range: { from: number; to: number },
  syncedAt: string,
  runId = 1,
) {
  return leads.sync.apply(
    runId,
    records.map((record) => ({ ...record, contentHash: leadContentHash(record) })),
    { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    syncedAt,
  );
}
