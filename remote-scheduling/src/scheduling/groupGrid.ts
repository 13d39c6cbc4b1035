import { MONTH_NAMES, UNITS_PER_HOUSE, type GridRecord } from './schedulingTypes';

export interface AuditorCell {
  customers: number;
  units: number;
  referrals: number;
  fuelTypes: Record<string, number>;
  providers: Record<string, number>;
  houseTypes: Record<string, number>;
}

export interface WeekRow {
  week: number;
  label: string;
  byAuditor: Record<string, AuditorCell>;
}

export interface MonthGroup {
  key: string;
  label: string;
  year: number;
  month: number;
  weeks: WeekRow[];
  totals: Record<string, AuditorCell>;
}

const emptyCell = (): AuditorCell => ({
  customers: 0,
  units: 0,
  referrals: 0,
  fuelTypes: {},
  providers: {},
  houseTypes: {},
});

/** Units: each house type's count weighted 1, 2, 3, 4. */
export const unitsOf = (houseTypes: Record<string, number>) =>
  Object.entries(houseTypes).reduce((sum, [type, count]) => sum + (UNITS_PER_HOUSE[type] ?? 0) * count, 0);

function addTo(cell: AuditorCell, record: GridRecord) {
  cell.customers += record.customersCount;
  cell.referrals += record.referralsCount;
  cell.units += unitsOf(record.houseTypes);
  for (const [target, source] of [
    [cell.fuelTypes, record.fuelTypes],
    [cell.providers, record.providers],
    [cell.houseTypes, record.houseTypes],
  ] as const) {
    for (const [key, count] of Object.entries(source)) target[key] = (target[key] ?? 0) + count;
  }
}

/** Records of the two auditors, grouped by Month/Year, then 'Week N', with per-month totals. */
export function groupGrid(records: GridRecord[], auditors: readonly string[]): MonthGroup[] {
  const months = new Map<string, MonthGroup>();
  for (const record of [...records].sort((a, b) => a.year - b.year || a.month - b.month || a.week - b.week)) {
    if (!auditors.includes(record.auditor)) continue; // other auditors never appear here
    const key = `${record.year}-${String(record.month).padStart(2, '0')}`;
    let group = months.get(key);
    if (!group) {
      group = {
        key,
        label: `${MONTH_NAMES[record.month - 1]} ${record.year}`,
        year: record.year,
        month: record.month,
        weeks: [],
        totals: Object.fromEntries(auditors.map((name) => [name, emptyCell()])),
      };
      months.set(key, group);
    }
    let week = group.weeks.find((item) => item.week === record.week);
    if (!week) {
      week = {
        week: record.week,
        label: `Week ${record.week}`,
        byAuditor: Object.fromEntries(auditors.map((name) => [name, emptyCell()])),
      };
      group.weeks.push(week);
    }
    addTo(week.byAuditor[record.auditor]!, record);
    addTo(group.totals[record.auditor]!, record);
  }
  return [...months.values()];
}

export const totalOf = (counts: Record<string, number>, keys: readonly string[]) =>
  keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
