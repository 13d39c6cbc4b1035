import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database } from '../../../platform/db/database';
import { createDataVersions } from '../../../platform/db/dataVersions';
import { createBulkLeadActions } from './bulkLeadActions';
import { createLeadActionUndo } from './undoLeadAction';
import { createLeadMerge } from '../merge/mergeLeads';
import { createLeadReads } from '../repository/leadReads';

/** Changes of many leads as one named action (bulk changes and deletes, merges), and their undo. */
/** `writeRequests`: with write-back on, the changed calendar leads' events are written too. */
export function createLeadActions(db: Database, writeRequests: EditWriteRequests | null = null) {
  const versions = createDataVersions(db);
  return {
    bulk: createBulkLeadActions(db, versions, writeRequests),
    undo: createLeadActionUndo(db, versions, writeRequests),
    merge: createLeadMerge(db, versions, createLeadReads(db).find, writeRequests),
  };
}
