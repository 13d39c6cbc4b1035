import type { GridRecord } from '../contract/scheduling';
import { addRecord, emptyTotals, type GridTotals } from './gridTotals';

export interface WeekRow {
  week: number;
  byAuditor: Record<string, GridTotals>;
}

export interface MonthGroup {
  /** yyyy-mm */
  key: string;
  year: number;
  /** 1-12 */
  month: number;
  /** The month's weeks that have records, in order. */
  weeks: WeekRow[];
  totals: Record<string, GridTotals>;
}

const perAuditor = (auditors: readonly string[]) =>
  Object.fromEntries(auditors.map((name) => [name, emptyTotals()]));

/**
 * The records of the given auditors grouped by month, then week of month, each with
 * every auditor's totals (zero where they have none); records of anyone else are left out.
 */
export function groupGrid(records: readonly GridRecord[], auditors: readonly string[]): MonthGroup[] {
  const months = new Map<string, MonthGroup>();
  const inOrder = [...records].sort((a, b) => a.year - b.year || a.month - b.month || a.week - b.week);
  for (const record of inOrder) {
    if (!auditors.includes(record.auditor)) continue;
    const key = `${record.year}-${String(record.month).padStart(2, '0')}`;
    let group = months.get(key);
    if (!group) {
      group = { key, year: record.year, month: record.month, weeks: [], totals: perAuditor(auditors) };
      months.set(key, group);
    }
    let week = group.weeks.find((item) => item.week === record.week);
    if (!week) {
      week = { week: record.week, byAuditor: perAuditor(auditors) };
      group.weeks.push(week);
    }
    addRecord(week.byAuditor[record.auditor]!, record);
    addRecord(group.totals[record.auditor]!, record);
  }
  return [...months.values()];
}
