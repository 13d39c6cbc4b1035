import { unitsOf } from './groupGrid';
import {
  FAMILY_TYPES,
  FUEL_TYPES,
  MONTH_NAMES,
  PROVIDERS,
  type GridRecord,
  type Period,
} from './schedulingTypes';

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

/** The sub-selectors' options and the map each reads. */
export const SUB_OPTIONS: Partial<
  Record<
    Category,
    { options: readonly string[]; labels: readonly string[]; map: 'fuelTypes' | 'providers' | 'houseTypes' }
  >
> = {
  'Fuel Types': { options: FUEL_TYPES, labels: FUEL_TYPES, map: 'fuelTypes' },
  Providers: { options: PROVIDERS, labels: PROVIDERS, map: 'providers' },
  'Family Types': { options: FAMILY_TYPES, labels: ['Single', 'Two', 'Three', 'Four+'], map: 'houseTypes' },
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

/** Monthly bars per auditor for the chosen category (and sub-option). */
export function chartSeries(
  records: GridRecord[],
  period: Period,
  auditors: readonly string[],
  category: Category,
  only: string | null,
) {
  return monthsOf(period).map(({ year, month, label }) => {
    const row: Record<string, string | number> = {
      month: period.startYear === period.endYear ? label : `${label} ${year}`,
    };
    for (const auditor of auditors) {
      row[auditor] = records
        .filter((record) => record.year === year && record.month === month && record.auditor === auditor)
        .reduce((sum, record) => sum + valueOf(record, category, only), 0);
    }
    return row;
  });
}

/** Five y ticks at 0, 25, 50, 75 and 100% of the maximum; 100 when there is no data. */
export function yTicks(data: Record<string, string | number>[], auditors: readonly string[]): number[] {
  const max = Math.max(0, ...data.flatMap((row) => auditors.map((auditor) => Number(row[auditor] ?? 0))));
  const top = max > 0 ? max : 100;
  return [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(top * share * 100) / 100);
}

/** 'Months (2025)', or 'Months (2025–2026)' for a period across years. */
export const xCaption = (period: Period) =>
  period.startYear === period.endYear
    ? `Months (${period.startYear})`
    : `Months (${period.startYear}–${period.endYear})`;
