import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { EditWriteRequests } from '../calendarWrites/editWriteRequests';
import type { Database, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import { leads } from '../../../platform/db/schema';
import {
  eventHistory,
  HISTORY_FIELDS,
  jsonSyncRows,
  type HistoryField,
  type SyncRows,
} from '../history/historyStatements';
import { officeChangesStatements, settleOfficeValues } from '../office/officeValueStatements';
import { fieldText, isDaySql, storedDateSql } from '../record/dateText';
import type { ImportedField } from './planImport';

export interface ImportWriteResult {
  actionId: number | null;
  created: number;
  updated: number;
}

const column = (field: HistoryField | 'week') => sql.raw(leads[field].name);
const CREATED_FIELDS = HISTORY_FIELDS;
/** How a field's value in the rows is stored: the Scheduled Date's text as its date (dateText.ts), others as they are. */
const dateStored =
  (field: HistoryField) =>
  (json: SQL): SQL =>
    field === 'scheduledDate' ? storedDateSql(json) : json;

/**
 * A staged import older than this was left by a crash (an import reads, checks and stages
 * within IMPORT_MAX_SECONDS, 10 minutes at most): it is removed by the next import, and at start.
 */
export const STALE_STAGING_MS = 3600_000;

/** The primary key of lead_actions refused the import's action: that id was taken, by it or by another. */
const isTakenActionId = (error: unknown) =>
  /UNIQUE constraint failed: lead_actions\.id/.test(String(rootDatabaseError(error)));

/** What an import writes, as the import thread planned it (offThread/importTask.ts). */
export interface PlannedWrite {
  /** The fields the updates change (history and office values are written for these). */
  fields: ImportedField[];
  /** Rows of each kind sent as chunks. */
  creates: number;
  updates: number;
  /** The action's label, e.g. "import leads.csv". */
  label: string;
  userId: number | null;
  /** SHA-256 of the file's bytes, kept on the action. */
  contentHash: string;
}

/** Where one import's chunks wait for its commit: in memory, or staged. */
export interface ImportDraft {
  take(of: 'create' | 'update', json: string): Promise<void>;
  /** Removes what was staged (the import is not written). */
  discard(): Promise<void>;
  /** The new leads' rows (a field of one: `value(field, alias)`), and the updates as JSON objects named `value`. */
  readonly sources: { creates: SyncRows; updates: SQL };
}

/**
 * On SQLite a new lead's row is staged as columns in a table of this connection's own (TEMP:
 * nothing of it reaches the WAL, a crash leaves nothing), as the sync stages its rows: the
 * commit's insert then reads each field as a column instead of parsing the row's JSON once a
 * field (the insert of 50,000 new leads about 0.6 of its time; the commit holds the event loop).
 */
const LOCAL_CREATES = 'temp.lead_import_creates';
const CREATE_FIELDS = ['leadId', ...CREATED_FIELDS, 'week'] as const;
const createColumn = (field: (typeof CREATE_FIELDS)[number]) => leads[field].name;
const createLocalCreates = sql.raw(
  `CREATE TEMP TABLE IF NOT EXISTS lead_import_creates (import_key TEXT NOT NULL, ${CREATE_FIELDS.map(
    (field) => `${createColumn(field)} ${field === 'week' ? 'INTEGER' : 'TEXT'}`,
  ).join(', ')})`,
);
const insertLocalCreate = `INSERT INTO ${LOCAL_CREATES} (import_key, ${CREATE_FIELDS.map(createColumn).join(', ')}) VALUES (?, ${CREATE_FIELDS.map(() => '?').join(', ')})`;
/** A staged table's new leads as the commit reads them: a field of the row `alias` is its column. */
const localCreateRows = (key: string): SyncRows => ({
  from: sql`(SELECT * FROM ${sql.raw(LOCAL_CREATES)} WHERE import_key = ${key})`,
  value: (field, alias) => sql.raw(`${alias}.${createColumn(field as (typeof CREATE_FIELDS)[number])}`),
});

/**
 * Writes an import's rows: every new lead and every changed field in one atomic batch (after
 * staging, when a kind of rows is more than one chunk), with one lead action (kind import)
 * that the history entries of each created lead and each changed field name, and that keeps
 * the file's content hash. The data version is bumped once. Leads are matched by id, so a
 * Lead ID or a source is never changed; on a calendar lead the imported values are office
 * values, which syncs leave alone (officeValueStatements.ts).
 *
 * The chunks arrive while the file is still being read (the import thread sends each as it
 * fills), and are staged then; commit() writes them.
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

  /** Removes staged imports older than STALE_STAGING_MS (left by a crash). */
  const sweep = () =>
    db.batch([
      sql`DELETE FROM lead_import_staging WHERE staged_at < ${new Date(Date.now() - STALE_STAGING_MS).toISOString()}`,
    ]);

  /**
   * A place for one import's chunks until its commit: the first chunk of each kind is kept in
   * memory (a small import writes it straight from there); once there are more, they are
   * staged as they come, while the file is still being read, so that the commit reads rows
   * already split from lead_import_staging (a statement on D1 binds one chunk at most, and on
   * SQLite splitting the chunks inside the commit made it about half as slow again).
   */
  function begin(): ImportDraft {
    const key = randomUUID();
    const stagedAt = new Date().toISOString();
    const local = db.local;
    let localCreates = 0;
    let insert: ((...params: unknown[]) => number) | null = null;
    const stageLocally = (json: string) => {
      if (!insert) {
        local!.run(createLocalCreates);
        insert = local!.prepare(insertLocalCreate);
      }
      const rows = JSON.parse(json) as Record<string, unknown>[];
      local!.transaction(() => {
        for (const row of rows) insert!(key, ...CREATE_FIELDS.map((field) => row[field] ?? null));
      });
      localCreates += rows.length;
    };
    const held: Record<'create' | 'update', string | null> = { create: null, update: null };
    const stagedKinds = new Set<'create' | 'update'>();
    // a chunk holds fewer than a million items (each is more than one byte of its million)
    let seq = 0;
    // what a crash left staged goes at the first import that stages anything
    let swept: Promise<unknown> | null = null;
    const stage = async (of: 'create' | 'update', json: string) => {
      await (swept ??= sweep());
      const first = seq;
      seq += 1_000_000;
      await db.batch([
        sql`INSERT INTO lead_import_staging (import_key, seq, kind, payload, staged_at)
          SELECT ${key}, ${first} + key, ${of}, value, ${stagedAt} FROM json_each(${json})`,
      ]);
      stagedKinds.add(of);
    };
    const source = (of: 'create' | 'update') =>
      stagedKinds.has(of)
        ? sql`(SELECT payload AS value FROM lead_import_staging WHERE import_key = ${key} AND kind = ${of})`
        : sql`json_each(${held[of] ?? '[]'})`;
    return {
      async take(of, json) {
        if (local && of === 'create') {
          await (swept ??= sweep());
          return stageLocally(json);
        }
        if (stagedKinds.has(of)) return stage(of, json);
        const first = held[of];
        if (first === null) {
          held[of] = json;
          return;
        }
        held[of] = null;
        await stage(of, first);
        await stage(of, json);
      },
      async discard() {
        if (localCreates > 0)
          local!.run(sql`DELETE FROM ${sql.raw(LOCAL_CREATES)} WHERE import_key = ${key}`);
        if (stagedKinds.size > 0)
          await db.batch([sql`DELETE FROM lead_import_staging WHERE import_key = ${key}`]);
      },
      get sources() {
        return {
          creates: local ? localCreateRows(key) : jsonSyncRows(source('create')),
          updates: source('update'),
        };
      },
    };
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
        SELECT l.id, 'changed', ${field}, ${fieldText(field, 'l')}, ${incoming}, ${actor.userId}, NULL, ${actor.actionId}, ${at}
        FROM ${updates} AS r JOIN leads AS l ON l.id = json_extract(r.value, '$.id')
        WHERE l.deleted_at IS NULL AND json_type(r.value, '$.changes.${sql.raw(field)}') IS NOT NULL
          AND ${fieldText(field, 'l')} IS NOT ${incoming}`;
    });

  const applyUpdates = (updates: SQL, fields: ImportedField[], at: string) => {
    const kept = (path: string, name: SQL, value = (json: SQL) => json) =>
      sql`${name} = CASE WHEN json_type(r.value, '${sql.raw(path)}') IS NULL THEN leads.${name} ELSE ${value(sql`json_extract(r.value, '${sql.raw(path)}')`)} END`;
    const sets = [
      ...fields.map((field) => kept(`$.changes.${field}`, column(field), dateStored(field))),
      // a date's text (a day as yyyy-mm-dd, dateText.ts) says whether it is a day
      ...(fields.includes('scheduledDate')
        ? [kept('$.changes.scheduledDate', sql.raw(leads.allDay.name), isDaySql)]
        : []),
      kept('$.week', column('week')),
      sql`updated_at = ${at}, version = leads.version + 1`,
    ];
    return sql`UPDATE leads SET ${sql.join(sets, sql`, `)} FROM ${updates} AS r
      WHERE leads.id = json_extract(r.value, '$.id') AND leads.deleted_at IS NULL`;
  };

  const insertCreates = (creates: SyncRows, at: string) => {
    const names = sql.raw(CREATED_FIELDS.map((field) => leads[field].name).join(', '));
    const value = (field: string) => creates.value(field, 'r');
    const values = sql.join(
      CREATED_FIELDS.map((field) => dateStored(field)(value(field))),
      sql`, `,
    );
    return sql`INSERT INTO leads (lead_id, source, is_formatted, ${names}, all_day, week, created_at, updated_at)
      SELECT ${value('leadId')}, 'manual', 1, ${values}, ${isDaySql(value('scheduledDate'))}, ${value('week')}, ${at}, ${at}
      FROM ${creates.from} AS r`;
  };

  /** Writes the draft's rows as one action, all or nothing (the one place an import is committed). */
  async function commit(draft: ImportDraft, write: PlannedWrite): Promise<ImportWriteResult> {
    const { creates, updates, fields, label, userId } = write;
    if (creates === 0 && updates === 0) {
      await draft.discard();
      return { actionId: null, created: 0, updated: 0 };
    }
    const at = new Date().toISOString();
    const sources = draft.sources;

    for (let attempt = 0; ; attempt += 1) {
      const actionId = await nextActionId();
      const actor = { userId, actionId };
      const statements: Statement[] = [
        sql`INSERT INTO lead_actions (id, kind, label, user_id, lead_count, at, content_hash)
          VALUES (${actionId}, 'import', ${label}, ${userId}, ${creates + updates}, ${at}, ${write.contentHash})`,
      ];
      if (updates > 0)
        statements.push(
          ...fieldHistory(sources.updates, fields, actor, at),
          ...officeChangesStatements(sources.updates, fields, userId, at),
          applyUpdates(sources.updates, fields, at),
        );
      const updateAt = statements.length - 1;
      if (updates > 0)
        statements.push(
          ...settleOfficeValues(sql`(SELECT json_extract(value, '$.id') FROM ${sources.updates})`),
          ...(writeRequests?.statements(
            sql`(SELECT json_extract(value, '$.id') FROM ${sources.updates})`,
            at,
            userId,
          ) ?? []),
        );
      if (creates > 0)
        statements.push(
          insertCreates(sources.creates, at),
          eventHistory(
            'created',
            sql`lead_id IN (SELECT ${sources.creates.value('leadId', 'r')} FROM ${sources.creates.from} AS r)`,
            actor,
            at,
          ),
        );
      const createAt = creates > 0 ? statements.length - 2 : -1;
      statements.push(versions.bump('leads'));
      try {
        const changed = await db.batch(statements);
        writeRequests?.requested();
        // the staged rows are removed after the answer (a crash before: the sweep's)
        setImmediate(() => void draft.discard().catch(() => undefined));
        return {
          actionId,
          created: createAt === -1 ? 0 : (changed[createAt] ?? 0),
          updated: updates > 0 ? (changed[updateAt] ?? 0) : 0,
        };
      } catch (error) {
        if (!isTakenActionId(error)) throw error;
        if (await landed(actionId, label, at)) {
          setImmediate(() => void draft.discard().catch(() => undefined));
          return { actionId, created: creates, updated: updates };
        }
        if (attempt >= 4) throw error; // another action took the id each time
      }
    }
  }

  return { begin, commit, sweep };
}

export type ImportWriter = ReturnType<typeof createImportWriter>;
