import {
  formatNumber,
  FUEL_TYPES,
  HOUSE_TYPES,
  PROVIDERS,
  unitsOf,
  type GridRecord,
} from '@auditdesk/shared';
import { MONTH_NAMES, type Period } from './schedulingTypes';
import { CATEGORIES as COUNTED, categoryLeads, MEASURE_LEADS, type LeadsFilter } from './leadsOfCount';

export const CATEGORIES = [
  'All Categories',
  'Customers',
  'Units',
  'Referrals',
  'Fuel Types',
  'Providers',
  'Family Types',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** What each category counts, said under the chart (the table's Customers leave cancelled leads out too). */
export const CATEGORY_MEANING: Record<Category, string> = {
  'All Categories': 'Counts every lead of the month, cancelled ones included.',
  Customers: 'Counts the leads that are not cancelled.',
  Units: "Counts the units of the customers' houses: a 2 Family is 2.",
  Referrals: 'Counts the customers referred by someone.',
  'Fuel Types': 'Counts the customers by heating fuel.',
  Providers: 'Counts the customers by utility provider.',
  'Family Types': 'Counts the customers by house type.',
};

/** The leads behind a bar, as the leads screen's filters; null for Units (not a count of leads). */
export function barLeads(category: Category, only: string | null): LeadsFilter | null {
  switch (category) {
    case 'All Categories':
      return MEASURE_LEADS.all;
    case 'Customers':
      return MEASURE_LEADS.customers;
    case 'Units':
      return MEASURE_LEADS.units;
    case 'Referrals':
      return MEASURE_LEADS.referrals;
    default: {
      const found = COUNTED.find((candidate) => candidate.label === category)!;
      return categoryLeads(found.id, only ? [only] : found.keys);
    }
  }
}

/** The sub-selectors' options and the map each reads. */
export const SUB_OPTIONS: Partial<
  Record<
    Category,
    { options: readonly string[]; labels: readonly string[]; map: 'fuelTypes' | 'providers' | 'houseTypes' }
  >
> = {
  'Fuel Types': { options: FUEL_TYPES, labels: FUEL_TYPES, map: 'fuelTypes' },
  Providers: { options: PROVIDERS, labels: PROVIDERS, map: 'providers' },
  'Family Types': { options: HOUSE_TYPES, labels: ['Single', 'Two', 'Three', 'Four+'], map: 'houseTypes' },
};

/** What one record adds to a bar: the category's count, from the real counts (DESIGN.md section 10). */
function valueOf(record: GridRecord, category: Category, only: string | null): number {
  switch (category) {
    case 'All Categories':
      return record.totalLeadsCount;
    case 'Customers':
      return record.customersCount;
    case 'Units':
      return unitsOf(record.houseTypes);
    case 'Referrals':
      return record.referralsCount;
    default: {
      const sub = SUB_OPTIONS[category]!;
      const counts = record[sub.map];
      return only ? (counts[only] ?? 0) : sub.options.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
    }
  }
}

/** Every month of the period, in order, even those without leads. */
export function monthsOf(period: Period): { year: number; month: number; label: string }[] {
  const months = [];
  for (
    let year = period.startYear, month = period.startMonth;
    year < period.endYear || (year === period.endYear && month <= period.endMonth);
  ) {
    months.push({ year, month, label: MONTH_NAMES[month - 1]!.slice(0, 3) });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The key of an auditor's bar for the same month a year earlier. */
export const earlierKey = (auditor: string) => `${auditor} · a year earlier`;

const sumOf = (
  records: GridRecord[],
  year: number,
  month: number,
  auditor: string,
  category: Category,
  only: string | null,
) =>
  records
    .filter((record) => record.year === year && record.month === month && record.auditor === auditor)
    .reduce((sum, record) => sum + valueOf(record, category, only), 0);

/**
 * Monthly bars per auditor for the chosen category (and sub-option); with the records of
 * the year before, each auditor also gets a bar for the same month a year earlier.
 */
export function chartSeries(
  records: GridRecord[],
  period: Period,
  auditors: readonly string[],
  category: Category,
  only: string | null,
  earlier?: GridRecord[],
) {
  return monthsOf(period).map(({ year, month, label }) => {
    const row: Record<string, string | number> = {
      month: period.startYear === period.endYear ? label : `${label} '${String(year).slice(2)}`,
      // which month a bar is, for its leads
      year,
      monthNumber: month,
    };
    for (const auditor of auditors) {
      row[auditor] = sumOf(records, year, month, auditor, category, only);
      if (earlier) row[earlierKey(auditor)] = sumOf(earlier, year - 1, month, auditor, category, only);
    }
    return row;
  });
}

/** Steps a person reads easily, per power of ten. */
const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10];

/** The smallest whole, easily read step that makes four of them reach `max`. */
function niceStep(max: number): number {
  const wanted = max / 4;
  for (let power = 1; ; power *= 10) {
    const step = NICE_STEPS.map((mantissa) => mantissa * power).find(
      (candidate) => Number.isInteger(candidate) && candidate >= wanted,
    );
    if (step !== undefined) return step;
  }
}

/**
 * Five y ticks at 0, 25, 50, 75 and 100% of the top of the axis; the top is the maximum
 * rounded up so that every tick is a whole, easily read number (100 when there is no data).
 */
export function yTicks(data: Record<string, string | number>[], keys: readonly string[]): number[] {
  const max = Math.max(0, ...data.flatMap((row) => keys.map((key) => Number(row[key] ?? 0))));
  const step = max > 0 ? niceStep(max) : 25;
  return [0, 1, 2, 3, 4].map((index) => index * step);
}

/** A bar's least height: none for a month without leads (so it does not look like data). */
export const minBarHeight = (least: number) => (value: number | null | undefined) => (value ? least : 0);

/** A bar's value label: none for zero. */
export const barLabel = (value: unknown) =>
  typeof value === 'number' && value !== 0 ? formatNumber(value) : '';

/** 'Months (2025)', or 'Months (2025–2026)' for a period across years. */
export const xCaption = (period: Period) =>
  period.startYear === period.endYear
    ? `Months (${period.startYear})`
    : `Months (${period.startYear}–${period.endYear})`;
