import {
  CANCELLED_STATUSES,
  COMPLETED_STATUSES,
  SCHEDULED_STATUSES,
  type GridRecord,
} from '@auditdesk/shared/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { zoneOffsetSpans } from '../../../platform/time/zoneOffsetSpans';
import { weekOfMonthSql } from '../record/weekOfMonth';

export interface GridRange {
  /** yyyy-mm-dd, inclusive: days of the business's calendar */
  startDate?: string;
  endDate?: string;
  /** The business's zone (CALENDAR_TIMEZONE): a timed visit counts on its day there. */
  timeZone: string;
}

type GridRow = Omit<GridRecord, 'fuelTypes' | 'providers' | 'houseTypes'> & {
  fuelTypes: string;
  providers: string;
  houseTypes: string;
};

/** A status rule of the contract (leadStatusRules.ts) in SQL: its list, case and spaces aside. */
const statusIn = (statuses: readonly string[]) =>
  sql`lower(trim(status)) IN (${sql.join(
    statuses.map((status) => sql`${status.toLowerCase()}`),
    sql`, `,
  )})`;

const anyOf = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );

/** The configured spelling of an auditor's name, whatever case the calendar wrote it in. */
const canonicalAuditor = (auditors: readonly string[]) =>
  sql`CASE ${sql.join(
    auditors.map((name) => sql`WHEN auditor = ${name} COLLATE NOCASE THEN ${name}`),
    sql` `,
  )} END`;

const DAY_MS = 86_400_000;
/** Every zone's day lies within a day of its UTC date (offsets stay within ±14 hours). */
const widened = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString();

/**
 * The stored instants a range of business days can hold (a day either side of its UTC days),
 * and the days themselves: the grid reads the first through the index, then keeps the second.
 */
const bounds = (range: GridRange) => ({
  from: range.startDate ? widened(range.startDate, -1) : '0000',
  to: range.endDate ? widened(`${range.endDate}T23:59:59.999Z`, 1) : '9999',
  firstDay: range.startDate ?? '0000-00-00',
  lastDay: range.endDate ?? '9999-99-99',
});

/** An offset in minutes as a SQLite date modifier: `-300 minutes`. */
const modifier = (minutes: number) => `'${minutes} minutes'`;

/**
 * The visit's day on the business's calendar (yyyy-mm-dd), in SQL: a day's date as it is, an
 * instant's date on the zone's clocks. SQLite knows no zones: the zone's offsets over the
 * instants read are spelled out (built here, so the statement binds no parameter for them).
 */
function businessDaySql(timeZone: string, from: number, to: number): SQL {
  const spans = zoneOffsetSpans(timeZone, from, to);
  const offset =
    spans.length === 1
      ? modifier(spans[0]!.offsetMinutes)
      : `CASE ${spans
          .map(({ until, offsetMinutes }) =>
            until === null
              ? `ELSE ${modifier(offsetMinutes)}`
              : `WHEN scheduled_date < '${until}' THEN ${modifier(offsetMinutes)}`,
          )
          .join(' ')} END`;
  return sql.raw(
    `CASE WHEN all_day THEN substr(scheduled_date, 1, 10) ELSE date(scheduled_date, ${offset}) END`,
  );
}

const LIVE_VISIT = sql`deleted_at IS NULL AND is_formatted = 1 AND scheduled_date IS NOT NULL`;

/**
 * The scheduling grid and the statistics built on the leads (DESIGN.md "Scheduling
 * numbers"): formatted, live leads of the configured auditors, by the visit's day on the
 * business's calendar (a day's own date; an instant's date in CALENDAR_TIMEZONE), so a count
 * holds the leads the leads screen lists on those days.
 */
export function createLeadGrid(db: Database) {
  /** The business day of the visits a range reads, over the instants the leads hold there. */
  const dayOfVisit = async (range: GridRange, from: string, to: string): Promise<SQL> => {
    if (from === '0000' || to === '9999') {
      const [held] = await db.all<{ first: string | null; last: string | null }>(sql`
SELECT min(scheduled_date) AS first, max(scheduled_date) AS last FROM leads WHERE ${LIVE_VISIT}`);
      if (from === '0000') from = held?.first ?? to;
      if (to === '9999') to = held?.last ?? from;
    }
    const [first, last] = [Date.parse(from), Date.parse(to)];
    const now = Date.now();
    return businessDaySql(range.timeZone, Number.isNaN(first) ? now : first, Number.isNaN(last) ? now : last);
  };

  return {
    /**
     * One grouped statement: one pass over the leads (a covering index) into a small cube,
     * then the counts and the breakdowns (each value under its own text) from it.
     */
    async grid(auditors: readonly string[], range: GridRange): Promise<GridRecord[]> {
      const { from, to, firstDay, lastDay } = bounds(range);
      const day = await dayOfVisit(range, from, to);
      const rows = await db.all<GridRow>(sql`
WITH raw AS MATERIALIZED (
  -- the leads counted by their business day and stored values first: the derived columns
  -- below are computed once per group, not per lead (half the time at 100,000 leads)
  SELECT ${day} AS day, auditor, status, trim(referred_by) <> '' AS referred,
    heating_fuel, provider, house_type, count(*) AS n
  -- the planner, without statistics, reads the table through the date index instead (140 vs 90 ms at 100,000 leads)
  FROM leads INDEXED BY leads_grid_nocase_idx
  WHERE ${LIVE_VISIT}
    -- not "auditor = ? COLLATE NOCASE OR …": D1's SQLite answers that from the BINARY index and misses other cases
    AND auditor COLLATE NOCASE IN (${anyOf(auditors)})
    AND scheduled_date >= ${from} AND scheduled_date <= ${to}
  GROUP BY 1, 2, 3, 4, 5, 6, 7
),
cube AS MATERIALIZED (
  SELECT
    CAST(substr(day, 1, 4) AS INTEGER) AS year,
    CAST(substr(day, 6, 2) AS INTEGER) AS month,
    ${weekOfMonthSql(sql`day`)} AS week,
    ${canonicalAuditor(auditors)} AS auditor,
    ${statusIn(CANCELLED_STATUSES)} AS cancelled,
    ${statusIn(SCHEDULED_STATUSES)} AS booked,
    ${statusIn(COMPLETED_STATUSES)} AS completed,
    referred,
    heating_fuel, provider, house_type,
    sum(n) AS n
  FROM raw WHERE day >= ${firstDay} AND day <= ${lastDay}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
),
breakdown AS MATERIALIZED (
  SELECT year, month, week, auditor, kind, json_group_object(value, n) AS counts
  FROM (
    SELECT year, month, week, auditor, 'fuel' AS kind, heating_fuel AS value, sum(n) AS n FROM cube
      WHERE NOT cancelled AND heating_fuel <> '' GROUP BY 1, 2, 3, 4, 6
    UNION ALL
    SELECT year, month, week, auditor, 'provider', provider, sum(n) FROM cube
      WHERE NOT cancelled AND provider <> '' GROUP BY 1, 2, 3, 4, 6
    UNION ALL
    SELECT year, month, week, auditor, 'house', house_type, sum(n) FROM cube
      WHERE NOT cancelled AND house_type <> '' GROUP BY 1, 2, 3, 4, 6
  )
  GROUP BY year, month, week, auditor, kind
)
SELECT g.year, g.month, g.week, g.auditor,
  g.customersCount, g.leadsCount, g.totalLeadsCount, g.cancelledLeadsCount, g.completedLeadsCount, g.referralsCount,
  coalesce(f.counts, '{}') AS fuelTypes, coalesce(p.counts, '{}') AS providers, coalesce(h.counts, '{}') AS houseTypes
FROM (
  SELECT year, month, week, auditor,
    sum(n * NOT cancelled) AS customersCount,
    sum(n * booked) AS leadsCount,
    sum(n) AS totalLeadsCount,
    sum(n * cancelled) AS cancelledLeadsCount,
    sum(n * completed) AS completedLeadsCount,
    sum(n * (NOT cancelled AND referred)) AS referralsCount
  FROM cube GROUP BY year, month, week, auditor
) g
LEFT JOIN breakdown f ON f.kind = 'fuel' AND f.year = g.year AND f.month = g.month AND f.week = g.week AND f.auditor = g.auditor
LEFT JOIN breakdown p ON p.kind = 'provider' AND p.year = g.year AND p.month = g.month AND p.week = g.week AND p.auditor = g.auditor
LEFT JOIN breakdown h ON h.kind = 'house' AND h.year = g.year AND h.month = g.month AND h.week = g.week AND h.auditor = g.auditor
ORDER BY g.year, g.month, g.week, g.auditor`);
      return rows.map((row) => ({
        ...row,
        fuelTypes: JSON.parse(row.fuelTypes) as Record<string, number>,
        providers: JSON.parse(row.providers) as Record<string, number>,
        houseTypes: JSON.parse(row.houseTypes) as Record<string, number>,
      }));
    },

    /** Average days from when a lead was first recorded (its booking) to its appointment. */
    async averageDaysToAppointment(auditors: readonly string[], range: GridRange): Promise<number | null> {
      const { from, to, firstDay, lastDay } = bounds(range);
      const day = await dayOfVisit(range, from, to);
      const [row] = await db.all<{ days: number | null }>(sql`
SELECT avg(julianday(scheduled_date) - julianday(created_at)) AS days FROM leads
WHERE ${LIVE_VISIT} AND scheduled_date >= ${from} AND scheduled_date <= ${to}
  AND ${day} BETWEEN ${firstDay} AND ${lastDay}
  AND auditor COLLATE NOCASE IN (${anyOf(auditors)}) AND scheduled_date >= created_at`);
      return row?.days ?? null;
    },
  };
}
