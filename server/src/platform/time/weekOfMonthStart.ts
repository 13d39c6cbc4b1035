import { sql, type SQL } from 'drizzle-orm';

/**
 * The first day (yyyy-mm-dd) of the week of the month (weekOfMonthOfDay: Monday to Sunday, cut
 * at the month's ends) that holds the ISO instant or day in `column`, in SQL: its Monday, or the
 * 1st when the month began later that week. A plain function of the column, so an index can
 * hold it (leads_grid_week_idx) and the scheduling grid count by it.
 */
export const weekOfMonthStartSql = (column: SQL) =>
  sql`max(date(${column}, 'start of month'), date(${column}, '-6 days', 'weekday 1'))`;

/** The first day of the week of the month after the one that starts on `weekStart`, in SQL. */
export const nextWeekOfMonthStartSql = (weekStart: SQL) =>
  sql`min(date(${weekStart}, '+1 day', 'weekday 1'), date(${weekStart}, 'start of month', '+1 month'))`;
