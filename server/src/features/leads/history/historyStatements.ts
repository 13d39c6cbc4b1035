import { leadFieldRow, type EditableLeadField } from '@auditdesk/shared/core';
import { sql, type SQL } from 'drizzle-orm';
import { fieldText } from '../record/dateText';
import { LEAD_FIELDS } from '../record/leadRecord';

/** The lead fields whose changes are recorded: what a person or a sync can change. */
export const HISTORY_FIELDS = LEAD_FIELDS.filter(
  (field): field is (typeof LEAD_FIELDS)[number] & EditableLeadField => leadFieldRow(field).editable,
);
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/**
 * Who made a change: a person (by user id, null when unknown) — within a bulk change or an
 * import when `actionId` names it — or a sync run.
 */
export type Actor = { userId: number | null; actionId?: number } | { runId: number };

/** The values of the columns user_id, run_id, action_id. */
const actorColumns = (actor: Actor) =>
  'runId' in actor ? sql`NULL, ${actor.runId}, NULL` : sql`${actor.userId}, NULL, ${actor.actionId ?? null}`;

/**
 * History of a person's edit, before the edit in the same batch: one row per field the edit
 * changes, read from the lead as it is, and only where `where` (the edit's own condition:
 * the lead, live, at the expected version) holds — so an edit refused writes no history.
 * Values are as dateText.ts says (a day's date as yyyy-mm-dd).
 */
export function editHistory(
  changes: Partial<Record<HistoryField, string | null>>,
  where: SQL,
  actor: Actor,
  at: string,
): SQL[] {
  return (Object.entries(changes) as [HistoryField, string | null | undefined][])
    .filter(([field, value]) => HISTORY_FIELDS.includes(field) && value !== undefined)
    .map(
      ([field, value]) =>
        sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
          SELECT id, 'changed', ${field}, ${fieldText(field)}, ${value}, ${actorColumns(actor)}, ${at}
          FROM leads WHERE ${where} AND ${fieldText(field)} IS NOT ${value}`,
    );
}

/** One row saying the leads `where` selects were created, deleted or restored (undeleted). */
export const eventHistory = (
  kind: 'created' | 'deleted' | 'restored',
  where: SQL,
  actor: Actor,
  at: string,
) =>
  sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
    SELECT id, ${kind}, NULL, NULL, NULL, ${actorColumns(actor)}, ${at} FROM leads WHERE ${where}`;

/**
 * A sync's incoming rows as a statement reads them: `from` is their source (the statement
 * names it), `value` reads a field of the row named `alias` (as JSON objects named `value`
 * on D1; as columns where the rows are staged in a table of their own, which reads a field
 * without parsing the row again for every statement).
 */
export interface SyncRows {
  from: SQL;
  value: (field: string, alias: string) => SQL;
}

/** Rows of a source of JSON objects named `value`. */
export const jsonSyncRows = (from: SQL): SyncRows => ({
  from,
  value: (field, alias) => sql.raw(`json_extract(${alias}.value, '$.${field}')`),
});

/** A field of an incoming row `alias` as text, as dateText.ts writes one: a day's date alone. */
export const incomingText = (rows: SyncRows, field: string, alias: string): SQL =>
  field === 'scheduledDate'
    ? sql`CASE WHEN ${rows.value('allDay', alias)} THEN substr(${rows.value(field, alias)}, 1, 10) ELSE ${rows.value(field, alias)} END`
    : rows.value(field, alias);

/**
 * History of a sync's upsert, before it in the same batch: per field, the calendar leads
 * whose value the run's rows change — not where the office holds its own value, which the
 * upsert leaves alone.
 */
export function syncHistory(rows: SyncRows, runId: number, at: string): SQL[] {
  return HISTORY_FIELDS.map((field) => {
    const incoming = incomingText(rows, field, 'r');
    return sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
      SELECT l.id, 'changed', ${field}, ${fieldText(field, 'l')}, ${incoming}, NULL, ${runId}, NULL, ${at}
      FROM ${rows.from} AS r JOIN leads AS l ON l.lead_id = ${rows.value('leadId', 'r')}
      WHERE l.source = 'calendar' AND ${fieldText(field, 'l')} IS NOT ${incoming}
        AND NOT EXISTS (SELECT 1 FROM lead_office_values o WHERE o.lead_id = l.id AND o.field = ${field})`;
  });
}
