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
    /** Changes with every write to the leads: the ETag of what is read from them. */
    dataVersion: () => versions.current('leads'),
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
