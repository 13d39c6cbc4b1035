import { sql, type SQL } from 'drizzle-orm';
import { HISTORY_FIELDS, incomingText, type HistoryField, type SyncRows } from '../history/historyStatements';
import { leads } from '../../../platform/db/schema';
import { fieldText } from '../record/dateText';

/** The fields of a calendar lead the office can hold its own value of: what a person edits. */
export const OFFICE_FIELDS = HISTORY_FIELDS;
export type OfficeField = HistoryField;

/** A field's value as an office value holds it (dateText.ts: a day's date as yyyy-mm-dd). */
const column = (field: OfficeField) => fieldText(field);

/**
 * Before a person's edit of the leads `where` selects (in the same batch): every field the
 * edit changes on a calendar lead becomes (or stays) an office value. The first edit of a field
 * keeps the lead's value as the calendar's; a later one keeps the calendar's value it found.
 */
export function officeEditStatements(
  changes: Partial<Record<OfficeField, string | null | SQL>>,
  where: SQL,
  userId: number | null,
  at: string,
): SQL[] {
  return (Object.entries(changes) as [OfficeField, string | null | SQL | undefined][])
    .filter(([field, value]) => OFFICE_FIELDS.includes(field) && value !== undefined)
    .map(
      ([field, value]) =>
        sql`INSERT INTO lead_office_values (lead_id, field, office_value, calendar_value, user_id, at)
          SELECT id, ${field}, ${value}, ${column(field)}, ${userId}, ${at}
          FROM leads WHERE ${where} AND source = 'calendar' AND ${column(field)} IS NOT ${value}
          ON CONFLICT (lead_id, field) DO UPDATE SET
            office_value = excluded.office_value, user_id = excluded.user_id, at = excluded.at`,
    );
}

/**
 * Before a change of many leads at once (an import, a bulk change; same batch): for every
 * calendar lead of `rows` (a source of JSON objects named `value`, each `{ id, changes }`)
 * each field the change names and changes becomes (or stays) an office value, as in
 * officeEditStatements.
 */
export function officeChangesStatements(
  rows: SQL,
  fields: readonly OfficeField[],
  userId: number | null,
  at: string,
): SQL[] {
  return fields.map((field) => {
    const incoming = sql.raw(`json_extract(r.value, '$.changes.${field}')`);
    return sql`INSERT INTO lead_office_values (lead_id, field, office_value, calendar_value, user_id, at)
      SELECT l.id, ${field}, ${incoming}, ${fieldText(field, 'l')}, ${userId}, ${at}
      FROM ${rows} AS r JOIN leads AS l ON l.id = json_extract(r.value, '$.id')
      WHERE l.source = 'calendar' AND l.deleted_at IS NULL
        AND json_type(r.value, '$.changes.${sql.raw(field)}') IS NOT NULL AND ${fieldText(field, 'l')} IS NOT ${incoming}
      ON CONFLICT (lead_id, field) DO UPDATE SET
        office_value = excluded.office_value, user_id = excluded.user_id, at = excluded.at`;
  });
}

/**
 * After any change of office values: an office value equal to the calendar's is no office
 * value (a person set it back, or the calendar came round to it), and a lead needs review
 * exactly while one of its fields is in conflict or its event is gone.
 */
export const settleOfficeValues = (leadIds: SQL): SQL[] => [
  sql`DELETE FROM lead_office_values WHERE lead_id IN ${leadIds} AND office_value IS calendar_value`,
  sql`UPDATE leads SET needs_review = (calendar_deleted_at IS NOT NULL OR EXISTS (
      SELECT 1 FROM lead_office_values o WHERE o.lead_id = leads.id AND o.conflict = 1))
    WHERE id IN ${leadIds}`,
];

/** The value, in the incoming sync row `x`, of the office field `o.field` names (a field named at run time). */
const incomingOf = (rows: SyncRows) =>
  sql`CASE o.field ${sql.join(
    OFFICE_FIELDS.map((field) => sql`WHEN ${sql.raw(`'${field}'`)} THEN ${incomingText(rows, field, 'x')}`),
    sql` `,
  )} END`;

/** The calendar leads a sync's rows update, with their row. */
const syncedLeads = (rows: SyncRows) =>
  sql`(SELECT l.id AS id, r.* FROM ${rows.from} AS r
    JOIN leads AS l ON l.lead_id = ${rows.value('leadId', 'r')} WHERE l.source = 'calendar')`;

/**
 * A sync's handling of office values, before its upsert (in the same batch): where the calendar
 * changed a field the office holds a value of, that is recorded in the history as a conflict
 * (unless the calendar now says what the office says), and the office value's row takes the
 * calendar's new value and the conflict flag. The upsert then leaves those fields alone.
 */
export function syncOfficeStatements(rows: SyncRows, runId: number, at: string): SQL[] {
  const incoming = incomingOf(rows);
  return [
    sql`INSERT INTO lead_history (lead_id, kind, field, old_value, new_value, user_id, run_id, action_id, at)
      SELECT o.lead_id, 'conflict', o.field, o.calendar_value, ${incoming}, NULL, ${runId}, NULL, ${at}
      FROM lead_office_values AS o JOIN ${syncedLeads(rows)} AS x ON x.id = o.lead_id
      WHERE o.calendar_value IS NOT ${incoming} AND o.office_value IS NOT ${incoming}`,
    sql`UPDATE lead_office_values AS o
      SET conflict = (o.office_value IS NOT ${incoming}), calendar_value = ${incoming},
        calendar_run_id = ${runId}, calendar_at = ${at}
      FROM ${syncedLeads(rows)} AS x
      WHERE x.id = o.lead_id AND o.calendar_value IS NOT ${incoming}`,
  ];
}

/**
 * In a sync's upsert: the column keeps the lead's value where the office holds a value of
 * `field`, else takes the calendar's (`name`: a column that follows the field, as the week
 * follows the date).
 */
export const shieldedAssignment = (field: OfficeField, name: string = leads[field].name) =>
  `${name} = CASE WHEN EXISTS (SELECT 1 FROM lead_office_values o WHERE o.lead_id = leads.id AND o.field = '${field}') THEN leads.${name} ELSE excluded.${name} END`;
