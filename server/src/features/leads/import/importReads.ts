import type { ImportedLeads, ImportPreview } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { fieldText } from '../record/dateText';
import { jsonChunks } from '../repository/leadSyncWriter';
import { liveLeadsOf } from '../merge/mergedLeads';
import type { LiveLead } from './importMatches';
import type { ExistingLead, ImportedField } from './planImport';
import { IMPORT_FIELDS } from '@auditdesk/shared/core';

const EDITABLE = IMPORT_FIELDS.filter((field) => field !== 'leadId') as ImportedField[];
/** Each field as its text (dateText.ts: a day's date as yyyy-mm-dd), which a row's value is compared with. */
const SELECTED = sql.join(
  [
    sql.raw('id, lead_id AS leadId'),
    ...EDITABLE.map((field) => sql`${fieldText(field)} AS ${sql.raw(field)}`),
  ],
  sql`, `,
);
/** Live leads a page of liveLeads holds: a few hundred KB to the import thread at a time. */
const LIVE_PAGE = 5000;

/** What an import reads of the database while the import thread plans a file. */
export function createImportReads(db: Database) {
  return {
    /** The live leads after `afterId`, in id order, with what matching a row needs (importMatches.ts). */
    liveLeads: (afterId: number) =>
      db.all<LiveLead>(
        sql`SELECT id, lead_id AS leadId, customer_name AS customerName, address, email,
          phone_number AS phoneNumber, scheduled_date AS scheduledDate
          FROM leads WHERE deleted_at IS NULL AND id > ${afterId} ORDER BY id LIMIT ${LIVE_PAGE}`,
      ),

    /** The live leads with these ids, with every field an import may change. */
    async leadsByIds(ids: number[]): Promise<ExistingLead[]> {
      const found: ExistingLead[] = [];
      for (const chunk of jsonChunks(ids))
        found.push(
          ...(await db.all<ExistingLead>(
            sql`SELECT ${SELECTED} FROM leads WHERE deleted_at IS NULL AND id IN (SELECT value FROM json_each(${chunk}))`,
          )),
        );
      return found;
    },

    /** An import (by its action's id) and the live leads it created or changed; null if there is no such import. */
    async importedLeads(actionId: number): Promise<ImportedLeads | null> {
      const [action] = await db.all<Omit<ImportedLeads, 'leadIds'>>(
        sql`SELECT id AS actionId, label, at, undone_at AS undoneAt FROM lead_actions
          WHERE id = ${actionId} AND kind = 'import'`,
      );
      if (!action) return null;
      // a lead merged away since is named by the lead it was merged into
      const rows = await db.all<{ id: number }>(
        liveLeadsOf(sql`SELECT lead_id FROM lead_history WHERE action_id = ${actionId}`),
      );
      return { ...action, leadIds: rows.map((row) => row.id) };
    },

    /** The latest import of a file with these bytes (by their SHA-256), if any. */
    async importOf(contentHash: string): Promise<ImportPreview['alreadyImported']> {
      const [found] = await db.all<NonNullable<ImportPreview['alreadyImported']>>(
        sql`SELECT a.id AS actionId, a.label AS label, a.at AS at, u.full_name AS by, a.undone_at AS undoneAt
          FROM lead_actions AS a LEFT JOIN users AS u ON u.id = a.user_id
          WHERE a.kind = 'import' AND a.content_hash = ${contentHash} ORDER BY a.id DESC LIMIT 1`,
      );
      return found ?? null;
    },
  };
}
