import { sql, type SQL } from 'drizzle-orm';

/**
 * The week of the month of a UTC calendar day: weeks start on Monday, and week 1 is the
 * week that holds the 1st (event-format.md).
 */
export function weekOfMonth(date: Date): number {
  const firstWeekday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).getUTCDay();
  const mondayBasedOffset = (firstWeekday + 6) % 7; // days of week 1 before the 1st
  return Math.floor((date.getUTCDate() - 1 + mondayBasedOffset) / 7) + 1;
}

/** The week of the month (weekOfMonth) of the ISO instant or day in `column`, in SQL. */
export const weekOfMonthSql = (column: SQL) =>
  sql`CASE WHEN ${column} IS NULL THEN NULL ELSE
    (CAST(strftime('%d', ${column}) AS INTEGER) - 1
      + (CAST(strftime('%w', ${column}, 'start of month') AS INTEGER) + 6) % 7) / 7 + 1 END`;
