import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import { leads } from '../../../platform/db/schema';
import { weekOfMonth } from '../record/weekOfMonth';
import { eventHistory, HISTORY_FIELDS, type HistoryField } from '../history/historyStatements';
import { officeChangesStatements, settleOfficeValues } from '../office/officeValueStatements';
import { jsonChunks } from '../repository/leadSyncWriter';
import type { ImportedField, PlannedRow } from './planImport';

export interface ImportWriteResult {
  actionId: number | null;
  created: number;
  updated: number;
}

const column = (field: HistoryField | 'week') => sql.raw(leads[field].name);
const CREATED_FIELDS = HISTORY_FIELDS;

/** A staged import older than this was left by a crash: it is removed by the next import. */
const STALE_STAGING_MS = 24 * 3600_000;

/** The primary key of lead_actions refused the import's action: that id was taken, by it or by another. */
const isTakenActionId = (error: unknown) =>
  /UNIQUE constraint failed: lead_actions\.id/.test(String(rootDatabaseError(error)));

/**
 * Writes an import's rows: every new lead and every changed field in one atomic batch
 * (after staging, when the rows are more than one chunk), with one lead action (kind
 * import) that the history entries of each created lead and each changed field name.
 * The data version is bumped once. Leads are matched by id, so a Lead ID or a source is
 * never changed; on a calendar lead the imported values are office values, which syncs
 * leave alone (officeValueStatements.ts).
 *
 * The action's id is chosen before the batch and inserted by it: a batch that D1 ran but
 * whose answer was lost is refused whole when sent again (its id is there), and the import
 * then reads that it landed.
 */
export function createImportWriter(
  db: Database,
  versions: DataVersions,
  writeRequests: EditWriteRequests | null,
) {
  async function nextActionId(): Promise<number> {
    const [row] = await db.all<{ next: number }>(
      sql`SELECT coalesce(max(id), 0) + 1 AS next FROM lead_actions`,
    );
    return row?.next ?? 1;
  }

  async function landed(actionId: number, label: string, at: string): Promise<boolean> {
    const [row] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM lead_actions WHERE id = ${actionId} AND label = ${label} AND at = ${at}`,
    );
    return (row?.n ?? 0) > 0;
  }

  /** Writes the rows in chunks to lead_import_staging; answers the sources the final batch reads. */
  async function stage(key: string, chunks: { create: string[]; update: string[] }, at: string) {
    await db.batch([
      sql`DELETE FROM lead_import_staging WHERE staged_at < ${new Date(Date.parse(at) - STALE_STAGING_MS).toISOString()}`,
    ]);
    // a chunk holds fewer than a million items (each is more than one byte of its million)
    let first = 0;
    for (const kind of ['create', 'update'] as const) {
      for (const chunk of chunks[kind]) {
        await db.batch([
          sql`INSERT INTO lead_import_staging (import_key, seq, kind, payload, staged_at)
            SELECT ${key}, ${first} + key, ${kind}, value, ${at} FROM json_each(${chunk})`,
        ]);
        first += 1_000_000;
      }
    }
    const source = (kind: string) =>
      sql`(SELECT payload AS value FROM lead_import_staging WHERE import_key = ${key} AND kind = ${kind})`;
    return { creates: source('create'), updates: source('update') };
  }

  /** Per changed field, one history row for each lead whose value the rows change. */
  const fieldHistory = (
    updates: SQL,
    fields: ImportedField[],
    actor: { userId: number | null; actionId: number },
    at: string,
  ) =>
    fields.map((field) => {
      const incoming = sql.raw(`json_extract(r.value, '$.changes.${field}')`);
      return sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
        SELECT l.id, 'changed', ${field}, l.${column(field)}, ${incoming}, ${actor.userId}, NULL, ${actor.actionId}, ${at}
        FROM ${updates} AS r JOIN leads AS l ON l.id = json_extract(r.value, '$.id')
        WHERE l.deleted_at IS NULL AND json_type(r.value, '$.changes.${sql.raw(field)}') IS NOT NULL
          AND l.${column(field)} IS NOT ${incoming}`;
    });

  const applyUpdates = (updates: SQL, fields: ImportedField[], at: string) => {
    const kept = (path: string, name: SQL) =>
      sql`${name} = CASE WHEN json_type(r.value, '${sql.raw(path)}') IS NULL THEN leads.${name} ELSE json_extract(r.value, '${sql.raw(path)}') END`;
    const sets = [
      ...fields.map((field) => kept(`$.changes.${field}`, column(field))),
      kept('$.week', column('week')),
      sql`updated_at = ${at}, version = leads.version + 1`,
    ];
    return sql`UPDATE leads SET ${sql.join(sets, sql`, `)} FROM ${updates} AS r
      WHERE leads.id = json_extract(r.value, '$.id') AND leads.deleted_at IS NULL`;
  };

  const insertCreates = (creates: SQL, at: string) => {
    const names = sql.raw(CREATED_FIELDS.map((field) => leads[field].name).join(', '));
    const values = sql.raw(CREATED_FIELDS.map((field) => `json_extract(value, '$.${field}')`).join(', '));
    return sql`INSERT INTO leads (lead_id, source, is_formatted, ${names}, week, created_at, updated_at)
      SELECT json_extract(value, '$.leadId'), 'manual', 1, ${values}, json_extract(value, '$.week'), ${at}, ${at}
      FROM ${creates}`;
  };

  return {
    async write(rows: PlannedRow[], label: string, userId: number | null): Promise<ImportWriteResult> {
      const creates = rows.flatMap((row) =>
        row.outcome === 'create'
          ? [
              {
                ...row.values,
                leadId: `manual-${randomUUID()}`,
                week: row.values.scheduledDate ? weekOfMonth(new Date(row.values.scheduledDate)) : null,
              },
            ]
          : [],
      );
      const updates = rows.flatMap((row) =>
        row.outcome === 'update'
          ? [{ id: row.id, changes: row.changes, ...('week' in row ? { week: row.week } : {}) }]
          : [],
      );
      if (creates.length === 0 && updates.length === 0) return { actionId: null, created: 0, updated: 0 };

      const at = new Date().toISOString();
      const key = randomUUID();
      const createChunks = jsonChunks(creates);
      const updateChunks = jsonChunks(updates);
      const staged = createChunks.length > 1 || updateChunks.length > 1;
      const sources = staged
        ? await stage(key, { create: createChunks, update: updateChunks }, at)
        : {
            creates: sql`json_each(${createChunks[0] ?? '[]'})`,
            updates: sql`json_each(${updateChunks[0] ?? '[]'})`,
          };
      const fields = HISTORY_FIELDS.filter((field) =>
        updates.some((update) => field in update.changes),
      ) as ImportedField[];

      for (let attempt = 0; ; attempt += 1) {
        const actionId = await nextActionId();
        const actor = { userId, actionId };
        const statements: Statement[] = [
          sql`INSERT INTO lead_actions (id, kind, label, user_id, lead_count, at)
            VALUES (${actionId}, 'import', ${label}, ${userId}, ${creates.length + updates.length}, ${at})`,
        ];
        if (updates.length > 0)
          statements.push(
            ...fieldHistory(sources.updates, fields, actor, at),
            ...officeChangesStatements(sources.updates, fields, userId, at),
            applyUpdates(sources.updates, fields, at),
          );
        const updateAt = statements.length - 1;
        if (updates.length > 0)
          statements.push(
            ...settleOfficeValues(sql`(SELECT json_extract(value, '$.id') FROM ${sources.updates})`),
            ...(writeRequests?.statements(
              sql`(SELECT json_extract(value, '$.id') FROM ${sources.updates})`,
              at,
              userId,
            ) ?? []),
          );
        if (creates.length > 0)
          statements.push(
            insertCreates(sources.creates, at),
            eventHistory(
              'created',
              sql`lead_id IN (SELECT json_extract(value, '$.leadId') FROM ${sources.creates})`,
              actor,
              at,
            ),
          );
        const createAt = creates.length > 0 ? statements.length - 2 : -1;
        if (staged) statements.push(sql`DELETE FROM lead_import_staging WHERE import_key = ${key}`);
        statements.push(versions.bump('leads'));
        try {
          const changed = await db.batch(statements);
          writeRequests?.requested();
          return {
            actionId,
            created: createAt === -1 ? 0 : (changed[createAt] ?? 0),
            updated: updates.length > 0 ? (changed[updateAt] ?? 0) : 0,
          };
        } catch (error) {
          if (!isTakenActionId(error)) throw error;
          if (await landed(actionId, label, at))
            return { actionId, created: creates.length, updated: updates.length };
          if (attempt >= 4) throw error; // another action took the id each time
        }
      }
    },
  };
}
