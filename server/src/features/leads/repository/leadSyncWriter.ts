import { sql, type SQL } from 'drizzle-orm';
import type { Database, LocalStatements, Statement } from '../../../platform/db/database';
import type { DataVersions } from '../../../platform/db/dataVersions';
import { leads } from '../../../platform/db/schema';
import type { LeadChunks } from '../record/leadChunks';
import { LEAD_FIELDS, type LeadRecord } from '../record/leadRecord';
import type { HashedLead } from '../record/leadContentHash';
import { eventHistory, jsonSyncRows, syncHistory, type SyncRows } from '../history/historyStatements';
import {
  OFFICE_FIELDS,
  settleOfficeValues,
  shieldedAssignment,
  syncOfficeStatements,
  type OfficeField,
} from '../office/officeValueStatements';
import { eventRefStatements } from '../calendarWrites/eventRefStatements';
import { nextTurn } from '../../../platform/eventLoop/nextTurn';

interface SyncedState {
  contentHash: string;
  deleted: boolean;
  /** Deleted by a person here, or merged into another lead: it stays deleted while its event lives. */
  hiddenByOffice: boolean;
  /** Its event was gone and it was kept for review (it held office values). */
  keptForReview: boolean;
}

export interface LeadsWriteResult {
  created: number;
  updated: number;
  deleted: number;
}

/** Heard after each chunk compared or sent (and awaited), so a long database step is seen to progress. */
export type DatabaseStepListener = (percentage: number, message: string) => void | Promise<void>;

const count = (value: number) => value.toLocaleString('en-US');

/** The run's leads `size` at a time, whatever chunks they are held in. */
function* slices<T>(leads: LeadChunks<T & LeadRecord>, size: number): Generator<(T & LeadRecord)[]> {
  let slice: (T & LeadRecord)[] = [];
  for (const chunk of leads.chunks())
    for (const lead of chunk) {
      slice.push(lead);
      if (slice.length === size) {
        yield slice;
        slice = [];
      }
    }
  if (slice.length > 0) yield slice;
}

/** Why a run's writes are refused once it no longer holds its lease (the receipt's trigger says the same). */
const LEASE_LOST =
  'This sync no longer holds its lease (it was stopped, or another run took over); nothing was written to the database.';

/** The primary key of sync_applied refused the run: its final batch had landed already. */
const isAlreadyApplied = (error: unknown) =>
  /UNIQUE constraint failed: sync_applied\.run_id/.test(
    String(error instanceof Error ? error.message : error),
  );

/**
 * Rows (and lists of leadIds) go to the database as JSON text bound to one parameter: D1
 * allows 100 parameters and 100 KB of SQL per statement, and a string of up to 2 MB (1 MB in
 * older docs), so a chunk stays under 1,000,000 bytes. A run larger than one chunk is staged.
 */
export const CHUNK_BYTES = 1_000_000;

const column = (field: (typeof LEAD_FIELDS)[number]) => leads[field].name;
const SYNCED_COLUMNS = LEAD_FIELDS.map(column);
/** The upsert's values read from the run's rows as JSON objects named `value` (D1). */
const fromJson = [...LEAD_FIELDS, 'contentHash']
  .map((field) => `json_extract(value, '$.${field}')`)
  .join(', ');

/**
 * On SQLite the run's changed leads are staged in a table of this connection's own (TEMP: no
 * other connection sees it, nothing of it reaches the WAL), by one prepared insert per lead,
 * RUN_ROWS_PER_CHUNK at a time so that the event loop (the API, the hub) is never held long,
 * then applied from there in one transaction: no JSON to build or to parse.
 */
const RUN_ROWS = 'temp.sync_run_rows';
const RUN_ROWS_PER_CHUNK = 2_000;
const RUN_ROWS_COLUMNS = [...SYNCED_COLUMNS, 'content_hash'];
const createRunRows = sql.raw(
  `CREATE TEMP TABLE IF NOT EXISTS sync_run_rows (run_id INTEGER NOT NULL, ${RUN_ROWS_COLUMNS.map((name) =>
    [leads.week.name, leads.isFormatted.name, leads.allDay.name].includes(name)
      ? `${name} INTEGER`
      : `${name} TEXT`,
  ).join(', ')})`,
);
const insertRunRow = `INSERT INTO ${RUN_ROWS} (run_id, ${RUN_ROWS_COLUMNS.join(', ')}) VALUES (?, ${RUN_ROWS_COLUMNS.map(() => '?').join(', ')})`;
/** A lead's values for insertRunRow, as the JSON path would read them (a boolean as 1 or 0). */
const runRowValues = (lead: HashedLead): unknown[] => [
  ...LEAD_FIELDS.map((field) => {
    const value = lead[field];
    return typeof value === 'boolean' ? Number(value) : (value ?? null);
  }),
  lead.contentHash,
];
/** A run's staged rows, and the same as the statements of the history and the office values read them (by column). */
const runRows = (runId: number) => sql`(SELECT * FROM ${sql.raw(RUN_ROWS)} WHERE run_id = ${runId})`;
const RUN_ROW_COLUMN: Readonly<Record<string, string>> = Object.fromEntries(
  [...LEAD_FIELDS, 'contentHash'].map((field, index) => [field, RUN_ROWS_COLUMNS[index]!]),
);
const runSyncRows = (runId: number): SyncRows => ({
  from: runRows(runId),
  value: (field, alias) => sql.raw(`${alias}.${RUN_ROW_COLUMN[field]}`),
});
const isOfficeField = (field: string): field is OfficeField =>
  (OFFICE_FIELDS as readonly string[]).includes(field);
/** A sync updates a calendar lead's fields except where the office holds its own value (the week and allDay follow the date). */
const updatedColumns = LEAD_FIELDS.filter((field) => field !== 'leadId')
  .map((field) =>
    isOfficeField(field)
      ? shieldedAssignment(field)
      : field === 'week' || field === 'allDay'
        ? shieldedAssignment('scheduledDate', leads[field].name)
        : `${column(field)} = excluded.${column(field)}`,
  )
  .join(', ');
/** Every lead that holds office values or is flagged: what a sync may have to settle. */
const officeTouched = sql`(SELECT lead_id FROM lead_office_values UNION SELECT id FROM leads WHERE needs_review = 1)`;
/** Leads (of the `leads` table in the statement) with an office value of some field. */
const holdsOfficeValues = sql`EXISTS (SELECT 1 FROM lead_office_values o WHERE o.lead_id = leads.id)`;

/** JSON arrays of the items, each at most CHUNK_BYTES of UTF-8 (D1 measures strings in bytes). */
export function jsonChunks(items: readonly unknown[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const item of items) {
    const text = JSON.stringify(item);
    const bytes = Buffer.byteLength(text) + 1;
    if (size + bytes > CHUNK_BYTES && current.length > 0) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += bytes;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/**
 * The sync's database step. Unchanged leads are not written at all; the rest is applied in
 * one atomic batch (after staging, when the run is larger than one chunk), so a crash or a
 * failed call at any point leaves the leads as they were before the run. Leads entered by
 * hand are never touched.
 *
 * Fenced: the batch starts by recording its run in sync_applied, which a trigger refuses
 * unless the run still holds the lease in sync_runs — so a run failed as stalled or
 * interrupted, still alive somewhere, writes nothing, whatever Redis says. That record is
 * also the batch's receipt: sent again after D1 ran it but the answer was lost, the batch is
 * refused whole, and the counts are read from the receipt.
 */
export function createLeadSyncWriter(db: Database, versions: DataVersions) {
  /**
   * Upserts the leads that `rows` describes: `values` reads their synced columns and content
   * hash, in that order (from JSON objects named `value`, or from the columns of RUN_ROWS).
   */
  const upsert = (rows: SQL, values: string, syncedAt: string) =>
    sql`INSERT INTO leads (${sql.raw(SYNCED_COLUMNS.join(', '))}, content_hash, source, last_synced_at, created_at, updated_at)
      SELECT ${sql.raw(values)}, 'calendar', ${syncedAt}, ${syncedAt}, ${syncedAt}
      FROM ${rows} WHERE true
      ON CONFLICT(lead_id) DO UPDATE SET ${sql.raw(updatedColumns)}, content_hash = excluded.content_hash,
        last_synced_at = excluded.last_synced_at, updated_at = excluded.updated_at,
        deleted_at = CASE WHEN leads.deleted_by IN ('office', 'merged') THEN leads.deleted_at END,
        deleted_by = CASE WHEN leads.deleted_by IN ('office', 'merged') THEN leads.deleted_by END,
        calendar_deleted_at = NULL, version = leads.version + 1
      WHERE leads.source = 'calendar'`;

  const softDelete = (leadIds: string, at: string) =>
    sql`UPDATE leads SET deleted_at = ${at}, deleted_by = 'calendar', updated_at = ${at}, version = version + 1
      WHERE source = 'calendar' AND deleted_at IS NULL AND NOT ${holdsOfficeValues}
        AND lead_id IN (SELECT value FROM json_each(${leadIds}))`;

  /** A lead with office values whose event is gone is kept and flagged, not deleted. */
  const keepForReview = (leadIds: string, runId: number, at: string) => {
    const where = sql`source = 'calendar' AND deleted_at IS NULL AND calendar_deleted_at IS NULL AND ${holdsOfficeValues}
      AND lead_id IN (SELECT value FROM json_each(${leadIds}))`;
    return [
      sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
        SELECT id, 'conflict', NULL, NULL, NULL, NULL, ${runId}, NULL, ${at} FROM leads WHERE ${where}`,
      sql`UPDATE leads SET calendar_deleted_at = ${at}, needs_review = 1, updated_at = ${at}, version = version + 1
        WHERE ${where}`,
    ];
  };

  /** What the database holds of the calendar's leads scheduled inside the range. */
  async function syncedState(range: { from: string; to: string }): Promise<Map<string, SyncedState>> {
    const rows = await db.all<{
      leadId: string;
      contentHash: string;
      deleted: number;
      hiddenByOffice: number;
      keptForReview: number;
    }>(
      sql`SELECT lead_id AS leadId, content_hash AS contentHash, deleted_at IS NOT NULL AS deleted,
          deleted_by IN ('office', 'merged') AS hiddenByOffice, calendar_deleted_at IS NOT NULL AS keptForReview
        FROM leads
        WHERE source = 'calendar' AND scheduled_date >= ${range.from} AND scheduled_date <= ${range.to}`,
    );
    return new Map(
      rows.map((row) => [
        row.leadId,
        {
          contentHash: row.contentHash,
          deleted: Boolean(row.deleted),
          hiddenByOffice: Boolean(row.hiddenByOffice),
          keptForReview: Boolean(row.keptForReview),
        },
      ]),
    );
  }

  /** How many of these leadIds the table already holds (anywhere, deleted or not). */
  async function countExisting(leadIds: string[]): Promise<number> {
    let existing = 0;
    for (const ids of jsonChunks(leadIds)) {
      const [row] = await db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM leads WHERE lead_id IN (SELECT value FROM json_each(${ids}))`,
      );
      existing += row?.n ?? 0;
    }
    return existing;
  }

  /**
   * The final batch but its end (the staging's cleanup, the version): the run's receipt, the
   * field history and office values of the existing leads it changes, the upsert of its
   * rows and the history of those it created, the soft deletes of the
   * `gone`, the event references, the review flags.
   */
  function finalStatements({
    runId,
    rows,
    upsertFrom,
    created,
    changed,
    gone,
    refs,
    syncedAt,
  }: {
    runId: number;
    /** The run's changed leads; null when there are none. */
    rows: SyncRows | null;
    /** Where the upsert reads them: `values` lists their synced columns and content hash. */
    upsertFrom: { rows: SQL; values: string } | null;
    created: number;
    /** How many leads the run changes (created ones included). */
    changed: number;
    gone: string[];
    refs: SQL[];
    syncedAt: string;
  }): Statement[] {
    const byRun = { runId };
    // changes() is what the statement before it changed, counted by the database itself
    const counted = (counter: 'written' | 'deleted') =>
      sql`UPDATE sync_applied SET ${sql.raw(counter)} = ${sql.raw(counter)} + changes() WHERE run_id = ${runId}`;
    const final: Statement[] = [sql`INSERT INTO sync_applied (run_id) VALUES (${runId})`];
    if (rows && upsertFrom) {
      // the history reads the leads as they are, so it goes before the upsert that changes them
      // a run of new leads only (a first sync) has no field of an existing lead to record
      const changesExisting = created < changed;
      final.push(
        ...(changesExisting
          ? [...syncHistory(rows, runId, syncedAt), ...syncOfficeStatements(rows, runId, syncedAt)]
          : []),
        upsert(upsertFrom.rows, upsertFrom.values, syncedAt),
        counted('written'),
      );
      final.push(
        eventHistory(
          'created',
          sql`source = 'calendar' AND created_at = ${syncedAt} AND last_synced_at = ${syncedAt}`,
          byRun,
          syncedAt,
        ),
      );
    }
    for (const leadIds of jsonChunks(gone)) {
      const inList = sql`source = 'calendar' AND deleted_at IS NULL AND NOT ${holdsOfficeValues}
        AND lead_id IN (SELECT value FROM json_each(${leadIds}))`;
      final.push(
        eventHistory('deleted', inList, byRun, syncedAt),
        softDelete(leadIds, syncedAt),
        counted('deleted'),
        ...keepForReview(leadIds, runId, syncedAt),
      );
    }
    // office values and review flags can only move where existing leads change or go
    const touchesExisting = created < changed || gone.length > 0;
    final.push(...refs, ...(touchesExisting ? settleOfficeValues(officeTouched) : []));
    return final;
  }

  /**
   * The final batch on D1, where every statement is a request: the changed leads as JSON,
   * staged first when they are larger than one chunk. Answers how many of them are new.
   */
  async function applyInBatches(
    runId: number,
    changed: readonly HashedLead[],
    /** The changed leads the range held nothing of: new, unless they exist elsewhere (moved in). */
    unseen: string[],
    gone: string[],
    refs: SQL[],
    syncedAt: string,
    onProgress?: DatabaseStepListener,
  ): Promise<number> {
    const created = unseen.length - (await countExisting(unseen));
    const chunks = jsonChunks(changed);
    const staged = chunks.length > 1;
    let applied = false;
    try {
      if (staged) {
        // what runs that are over left (crashed ones); a live run's rows are its own
        await db.batch([
          sql`DELETE FROM leads_staging WHERE run_id NOT IN (SELECT id FROM sync_runs WHERE status = 'running')`,
        ]);
        for (const [index, chunk] of chunks.entries()) {
          // OR REPLACE: a chunk sent again after a failed answer stages the same rows once;
          // only while the run holds its lease: one that lost it stops at its next chunk
          const [stagedRows] = await db.batch([
            sql`INSERT OR REPLACE INTO leads_staging (run_id, lead_id, payload)
                SELECT ${runId}, json_extract(value, '$.leadId'), value FROM json_each(${chunk})
                WHERE EXISTS (SELECT 1 FROM sync_runs WHERE id = ${runId} AND status = 'running')`,
          ]);
          if (stagedRows === 0) throw new Error(LEASE_LOST);
          await onProgress?.(
            60 + Math.round((30 * (index + 1)) / chunks.length),
            `Sent ${count(index + 1)} of ${count(chunks.length)} parts`,
          );
        }
      }
      const rows =
        chunks.length === 0
          ? null
          : staged
            ? sql`(SELECT payload AS value FROM leads_staging WHERE run_id = ${runId})`
            : sql`json_each(${chunks[0]})`;
      const final = finalStatements({
        runId,
        rows: rows && jsonSyncRows(rows),
        upsertFrom: rows && { rows, values: fromJson },
        created,
        changed: changed.length,
        gone,
        refs,
        syncedAt,
      });
      if (staged) final.push(sql`DELETE FROM leads_staging WHERE run_id = ${runId}`);
      final.push(versions.bump('leads'));
      try {
        await db.batch(final);
      } catch (error) {
        if (!isAlreadyApplied(error)) throw error;
      }
      applied = true;
    } finally {
      // a run that failed or lost its lease leaves nothing staged behind (the next run would clear it, later)
      if (staged && !applied)
        await db.batch([sql`DELETE FROM leads_staging WHERE run_id = ${runId}`]).catch(() => undefined);
    }
    return created;
  }

  /**
   * The run on SQLite: its changed leads staged in RUN_ROWS as they are found (`stage`, a
   * chunk at a time), then applied in one transaction by the statements of the D1 path,
   * reading them from there (`finish`, answering how many of them are new). The receipt's
   * trigger refuses a run without the lease here too, undoing all of it.
   */
  function stageLocally(local: LocalStatements, runId: number) {
    local.run(createRunRows);
    // what runs that are over left: this connection's (crashed ones), and an older release's
    local.transaction(() => {
      local.run(
        sql`DELETE FROM ${sql.raw(RUN_ROWS)} WHERE run_id NOT IN (SELECT id FROM sync_runs WHERE status = 'running')`,
      );
      local.run(
        sql`DELETE FROM leads_staging WHERE run_id NOT IN (SELECT id FROM sync_runs WHERE status = 'running')`,
      );
    });
    const insert = local.prepare(insertRunRow);
    return {
      stage(changed: readonly HashedLead[]) {
        local.transaction(() => {
          for (const lead of changed) insert(runId, ...runRowValues(lead));
        });
      },
      finish(changed: number, gone: string[], refs: SQL[], syncedAt: string): number {
        let created = 0;
        try {
          local.transaction(() => {
            // new: the changed leads the table holds nowhere (not even outside the range)
            const [held] = local.all<{ n: number }>(
              sql`SELECT count(*) AS n FROM ${runRows(runId)} AS r JOIN leads AS l ON l.lead_id = r.lead_id`,
            );
            created = changed - (held?.n ?? 0);
            const some = changed > 0;
            const final = finalStatements({
              runId,
              rows: some ? runSyncRows(runId) : null,
              upsertFrom: some ? { rows: runRows(runId), values: RUN_ROWS_COLUMNS.join(', ') } : null,
              created,
              changed,
              gone,
              refs,
              syncedAt,
            });
            for (const statement of final) local.run(statement);
            local.run(versions.bump('leads'));
          });
        } catch (error) {
          if (!isAlreadyApplied(error)) throw error;
        }
        return created;
      },
      discard: () => local.run(sql`DELETE FROM ${sql.raw(RUN_ROWS)} WHERE run_id = ${runId}`),
    };
  }

  return {
    /**
     * Brings the calendar leads of the range in line with `run`: new leads created, changed
     * or returning ones updated, unchanged ones left alone, the range's calendar leads that
     * are gone from it soft-deleted.
     */
    async apply(
      runId: number,
      run: LeadChunks<HashedLead> & { size: number },
      range: { from: string; to: string },
      syncedAt: string,
      onProgress?: DatabaseStepListener,
    ): Promise<LeadsWriteResult> {
      // what the range holds; each lead the run has is taken out, so what is left is gone from it
      const state = await syncedState(range);
      const local = db.local ? stageLocally(db.local, runId) : null;
      // on D1 the changed leads are sent as JSON once all are known; on SQLite staged as found
      const changed: HashedLead[] = [];
      const unseen: string[] = [];
      const withRefs: HashedLead[] = [];
      let changes = 0;
      let compared = 0;
      try {
        for (const part of slices(run, RUN_ROWS_PER_CHUNK)) {
          const fresh = part.filter((lead) => {
            const held = state.get(lead.leadId);
            state.delete(lead.leadId);
            if (lead.eventRef) withRefs.push(lead);
            if (held && held.contentHash === lead.contentHash && !held.keptForReview)
              return held.deleted && !held.hiddenByOffice;
            if (!held && !local) unseen.push(lead.leadId);
            return true;
          });
          changes += fresh.length;
          if (local) local.stage(fresh);
          else changed.push(...fresh);
          compared += part.length;
          if (run.size > RUN_ROWS_PER_CHUNK) {
            await onProgress?.(
              Math.round((60 * compared) / run.size),
              `Compared ${count(compared)} of ${count(run.size)} leads`,
            );
            await nextTurn();
          }
        }
        const gone = [...state].filter(([, held]) => !held.deleted && !held.keptForReview).map(([id]) => id);
        // where each event is and its ETag, for writing it back: kept even when its content is unchanged
        const refs = eventRefStatements(withRefs, jsonChunks);
        if (changes === 0 && gone.length === 0) {
          if (refs.length > 0) await db.batch(refs);
          return { created: 0, updated: 0, deleted: 0 };
        }
        const created = local
          ? local.finish(changes, gone, refs, syncedAt)
          : await applyInBatches(runId, changed, unseen, gone, refs, syncedAt, onProgress);
        const [receipt] = await db.all<{ written: number; deleted: number }>(
          sql`SELECT written, deleted FROM sync_applied WHERE run_id = ${runId}`,
        );
        const written = receipt?.written ?? 0;
        return {
          created: Math.min(created, written),
          updated: Math.max(0, written - created),
          deleted: receipt?.deleted ?? 0,
        };
      } finally {
        local?.discard();
      }
    },
  };
}
