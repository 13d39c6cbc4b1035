import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { leads } from '../../../platform/db/schema';
import { jsonChunks } from '../repository/leadSyncWriter';
import type { ExistingLead, ImportedField } from './planImport';
import { IMPORT_FIELDS } from '@auditdesk/shared/core';

const EDITABLE = IMPORT_FIELDS.filter((field) => field !== 'leadId') as ImportedField[];
const SELECTED = sql.raw(
  ['id', 'lead_id AS leadId', ...EDITABLE.map((field) => `${leads[field].name} AS ${field}`)].join(', '),
);

/** The live leads with these Lead IDs, by Lead ID, read a chunk of ids at a time. */
export async function readExistingLeads(db: Database, leadIds: string[]): Promise<Map<string, ExistingLead>> {
  const found = new Map<string, ExistingLead>();
  for (const ids of jsonChunks([...new Set(leadIds)])) {
    const rows = await db.all<ExistingLead>(
      sql`SELECT ${SELECTED} FROM leads WHERE deleted_at IS NULL AND lead_id IN (SELECT value FROM json_each(${ids}))`,
    );
    for (const row of rows) found.set(row.leadId, row);
  }
  return found;
}
