import { sql, type SQL } from 'drizzle-orm';
import { leads } from '../../../platform/db/schema';

// A lead's date as text — in its history, its office values and what an import or an undo
// writes — is the instant, or for a day (DESIGN.md section 23) the date alone, yyyy-mm-dd
// (storedLeadDate reads it back). So a day and an instant at 00:00 UTC never compare equal,
// and a value put back from the text is a day again.

const DAY_GLOB = `'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;

type Column = keyof typeof leads.$inferSelect;

/** A field's column as text; `alias`: the leads table's name in the statement. */
export function fieldText(field: Column, alias = ''): SQL {
  const prefix = alias ? `${alias}.` : '';
  const name = `${prefix}${leads[field].name}`;
  if (field !== 'scheduledDate') return sql.raw(name);
  return sql.raw(`CASE WHEN ${prefix}${leads.allDay.name} = 1 THEN substr(${name}, 1, 10) ELSE ${name} END`);
}

/** The date a date's text stores: a day at 00:00 UTC of its date, an instant as it is. */
export const storedDateSql = (text: SQL): SQL =>
  sql`CASE WHEN ${text} GLOB ${sql.raw(DAY_GLOB)} THEN ${text} || 'T00:00:00.000Z' ELSE ${text} END`;

/** 1 when a date's text is a day, else 0 (none included). */
export const isDaySql = (text: SQL): SQL => sql`coalesce(${text} GLOB ${sql.raw(DAY_GLOB)}, 0)`;
