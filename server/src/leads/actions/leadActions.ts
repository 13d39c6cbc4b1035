import type { Database } from '../../db/database';
import { createDataVersions } from '../../db/dataVersions';
import { createBulkLeadActions } from './bulkLeadActions';
import { createLeadActionUndo } from './undoLeadAction';

/** Changes of many leads as one named action (bulk changes and deletes), and their undo. */
export function createLeadActions(db: Database) {
  const versions = createDataVersions(db);
  return { bulk: createBulkLeadActions(db, versions), undo: createLeadActionUndo(db, versions) };
}
