import { createLeadHistoryReads } from '../history/leadHistoryReads';
import type { Database } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { createLeadEdits } from './leadEdits';
import { createLeadGrid } from './leadGrid';
import { createLeadReads } from './leadReads';
import { createLeadSyncWriter } from './leadSyncWriter';
import { createLeadReview } from '../office/leadReview';
import { createOfficeOverlay } from '../office/officeOverlay';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import { foldMergedEvents, mergedCalendarLeads } from '../merge/mergedEvents';
import { liveLeadsOf } from '../merge/mergedLeads';
import { sql } from 'drizzle-orm';
import type { LeadChunks } from '../record/leadChunks';
import type { HashedLead } from '../record/leadContentHash';

/**
 * The leads table: every statement on it lives in this folder (reads, hand edits, the
 * sync's writes, the scheduling grid), on either database engine.
 */
export function createLeadsRepository(
  db: Database,
  /** `writeRequests`: with calendar write-back on, an edit also stores a write of its event. */
  { writeRequests = null }: { writeRequests?: EditWriteRequests | null } = {},
) {
  const versions = createDataVersions(db);
  const reads = createLeadReads(db);
  return {
    ...reads,
    ...createLeadEdits(db, versions, reads.find, writeRequests),
    ...createLeadGrid(db),
    sync: createLeadSyncWriter(db, versions),
    history: createLeadHistoryReads(db),
    review: createLeadReview(db, versions, reads.find, writeRequests),
    /** The calendar's leads with the office's values in place: what the spreadsheet shows. */
    asOfficeSees: createOfficeOverlay(db),
    /** A run's leads with merged-away leads' events on the leads they were merged into (mergedEvents.ts). */
    mergedEvents: async <T extends LeadChunks<HashedLead> & { size: number }>(run: T) =>
      foldMergedEvents(run, await mergedCalendarLeads(db)),
    /** The live lead `id` is now: itself, or the lead it was merged into; undefined when deleted. */
    liveLeadOf: async (id: number): Promise<number | undefined> =>
      (await db.all<{ id: number }>(liveLeadsOf(sql`${id}`)))[0]?.id,
    /** Changes with every write to the leads: the ETag of what is read from them. */
    dataVersion: () => versions.current('leads'),
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
