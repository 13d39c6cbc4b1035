import {
  CANCELLED_STATUSES,
  COMPLETED_STATUSES,
  SCHEDULED_STATUSES,
  type GridRecord,
} from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { zoneOffsetSpans } from '../../../platform/time/zoneOffsetSpans';
import { weekOfMonthSql } from '../record/weekOfMonth';
import { nextWeekOfMonthStartSql, weekOfMonthStartSql } from '../../../platform/time/weekOfMonthStart';

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
  /** Instants whose business day is in the range in every zone (a day inside each end). */
  surelyFrom: range.startDate ? widened(range.startDate, 1) : '0000',
  surelyTo: range.endDate ? new Date(Date.parse(range.endDate)).toISOString() : '9999',
});

/** An offset in minutes as a SQLite date modifier: `-300 minutes`. */
const modifier = (minutes: number) => `'${minutes} minutes'`;

/** A time of day `HH:MM` that many minutes after midnight (as ISO instants spell it). */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The business's day of the visits a range reads, in SQL pieces. SQLite knows no zones: the
 * zone's offsets over the instants read are spelled out (built here, so the statement binds
 * no parameter for them). `day`: the visit's day on the business's calendar (yyyy-mm-dd), a
 * day's date as it is, an instant's date on the zone's clocks. `mayBeEarlier`/`mayBeLater`:
 * a cheap test on the stored instant's UTC time of day, false for every visit whose business
 * day is not the day before (after) its UTC day, so `day` is computed only for those near midnight.
 */
function businessDaySql(timeZone: string, from: number, to: number) {
  const spans = zoneOffsetSpans(timeZone, from, to);
  const offsets = spans.map(({ offsetMinutes }) => offsetMinutes);
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
  const [west, east] = [Math.min(...offsets), Math.max(...offsets)];
  const timeOfDay = 'substr(scheduled_date, 12, 5)';
  return {
    day: sql.raw(
      `CASE WHEN all_day THEN substr(scheduled_date, 1, 10) ELSE date(scheduled_date, ${offset}) END`,
    ),
    mayBeEarlier: sql.raw(west < 0 ? `NOT all_day AND ${timeOfDay} < '${clock(-west)}'` : '0'),
    mayBeLater: sql.raw(east > 0 ? `NOT all_day AND ${timeOfDay} >= '${clock(1440 - east)}'` : '0'),
  };
}

const LIVE_VISIT = sql`deleted_at IS NULL AND is_formatted = 1 AND scheduled_date IS NOT NULL`;

const UTC_WEEK = weekOfMonthStartSql(sql`scheduled_date`);
/** The week (weekOfMonthStartSql) of a bound: an instant's, or the open end itself ('0000', '9999'). */
const weekOf = (bound: string) =>
  /^\d{4}-/.test(bound) ? weekOfMonthStartSql(sql`${bound}`) : sql`${bound}`;

/**
 * The auditors' live visits between two stored instants, as leads_grid_week_idx finds them:
 * the auditors, then the weeks of those instants, then the instants themselves.
 */
const visitsOf = (auditors: readonly string[], from: string, to: string) => sql`${LIVE_VISIT}
    -- not "auditor = ? COLLATE NOCASE OR …": D1's SQLite answers that from the BINARY index and misses other cases
    AND auditor COLLATE NOCASE IN (${anyOf(auditors)})
    AND ${UTC_WEEK} >= ${weekOf(from)} AND ${UTC_WEEK} <= ${weekOf(to)}
    AND scheduled_date >= ${from} AND scheduled_date <= ${to}`;

/**
 * The scheduling grid and the statistics built on the leads (DESIGN.md "Scheduling
 * numbers"): formatted, live leads of the configured auditors, by the visit's day on the
 * business's calendar (a day's own date; an instant's date in CALENDAR_TIMEZONE), so a count
 * holds the leads the leads screen lists on those days.
 */
export function createLeadGrid(db: Database) {
  /** The business day of the visits a range reads, over the instants the leads hold there. */
  const dayOfVisit = async (range: GridRange, from: string, to: string) => {
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
     * One grouped statement: one pass over the leads (an index in the grouping's order) into a
     * small cube, then the counts and the breakdowns (each value under its own text) from it.
     */
    async grid(auditors: readonly string[], range: GridRange): Promise<GridRecord[]> {
      const { from, to, firstDay, lastDay, surelyFrom, surelyTo } = bounds(range);
      const { day, mayBeEarlier, mayBeLater } = await dayOfVisit(range, from, to);
      const utcDay = sql`substr(scheduled_date, 1, 10)`;
      const rows = await db.all<GridRow>(sql`
WITH raw AS MATERIALIZED (
  -- the leads counted by the week of the month of their UTC day and their stored values, in
  -- the order of the index (no sort: 0.4x the time of counting by the business day at 100,000
  -- leads). The business day differs from the UTC day only near midnight: those visits whose
  -- business day falls in the week before or after are counted apart and moved below.
  -- (max() of the referral: SQLite reads that expression from the index, the bare one from the table)
  SELECT auditor, ${UTC_WEEK} AS week_start, status, max(trim(referred_by) <> '') AS referred,
    heating_fuel, provider, house_type, count(*) AS n,
    sum(CASE WHEN ${mayBeEarlier} AND ${utcDay} = ${UTC_WEEK} AND ${day} < ${utcDay} THEN 1 ELSE 0 END) AS earlier,
    sum(CASE WHEN ${mayBeLater} AND ${day} > ${utcDay} AND ${weekOfMonthStartSql(day)} > ${UTC_WEEK} THEN 1 ELSE 0 END) AS later
  -- the planner, without statistics, may read the table through the date index instead
  FROM leads INDEXED BY leads_grid_week_idx
  WHERE ${visitsOf(auditors, from, to)}
    -- the business day in the range: sure a day or more inside it, computed at its ends
    AND (scheduled_date >= ${surelyFrom} AND scheduled_date < ${surelyTo} OR ${day} BETWEEN ${firstDay} AND ${lastDay})
  GROUP BY auditor COLLATE NOCASE, ${UTC_WEEK}, status, trim(referred_by) <> '', heating_fuel, provider, house_type
),
weeks AS (
  SELECT week_start, auditor, status, referred, heating_fuel, provider, house_type, n - earlier - later AS n
    FROM raw WHERE n > earlier + later
  UNION ALL
  SELECT ${weekOfMonthStartSql(sql`date(week_start, '-1 day')`)}, auditor, status, referred, heating_fuel, provider, house_type, earlier
    FROM raw WHERE earlier > 0
  UNION ALL
  SELECT ${nextWeekOfMonthStartSql(sql`week_start`)}, auditor, status, referred, heating_fuel, provider, house_type, later
    FROM raw WHERE later > 0
),
cube AS MATERIALIZED (
  SELECT
    CAST(substr(week_start, 1, 4) AS INTEGER) AS year,
    CAST(substr(week_start, 6, 2) AS INTEGER) AS month,
    ${weekOfMonthSql(sql`week_start`)} AS week,
    ${canonicalAuditor(auditors)} AS auditor,
    ${statusIn(CANCELLED_STATUSES)} AS cancelled,
    ${statusIn(SCHEDULED_STATUSES)} AS booked,
    ${statusIn(COMPLETED_STATUSES)} AS completed,
    referred,
    heating_fuel, provider, house_type,
    sum(n) AS n
  FROM weeks
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
      const { day } = await dayOfVisit(range, from, to);
      const [row] = await db.all<{ days: number | null }>(sql`
SELECT avg(julianday(scheduled_date) - julianday(created_at)) AS days FROM leads
WHERE ${visitsOf(auditors, from, to)}
  AND ${day} BETWEEN ${firstDay} AND ${lastDay} AND scheduled_date >= created_at`);
      return row?.days ?? null;
    },
  };
}
