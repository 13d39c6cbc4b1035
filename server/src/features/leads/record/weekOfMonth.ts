import { weekOfMonthOfDay } from '@auditdesk/shared/core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The week of the month of a UTC calendar day, as the sync stores it and the sheet's weekView
 * writes it (event-format.md); the screens and the comparison take the business's day instead
 * (leadWeek).
 */
export const weekOfMonth = (date: Date): number => weekOfMonthOfDay(date.toISOString().slice(0, 10));

/** The week of the month (weekOfMonth) of the ISO instant or day in `column`, in SQL. */
export const weekOfMonthSql = (column: SQL) =>
  sql`CASE WHEN ${column} IS NULL THEN NULL ELSE
    (CAST(strftime('%d', ${column}) AS INTEGER) - 1
      + (CAST(strftime('%w', ${column}, 'start of month') AS INTEGER) + 6) % 7) / 7 + 1 END`;
