// The grid records summed (DESIGN.md "Scheduling numbers"): one definition for the
// server's scheduling endpoints and the scheduling screen. Plain TypeScript: the types
// come from the contract, its schemas stay out of the browser.
import type { AgentTotals, GridRecord } from '../contract/scheduling';
import { UNITS_PER_HOUSE_TYPE } from '../contract/vocabulary';

export type GridTotals = AgentTotals;

const UNITS: Record<string, number> = UNITS_PER_HOUSE_TYPE;

export const emptyTotals = (): GridTotals => ({
  totalLeads: 0,
  scheduled: 0,
  cancelled: 0,
  completed: 0,
  customers: 0,
  referrals: 0,
  units: 0,
  fuelTypes: {},
  providers: {},
  houseTypes: {},
});

/** Units: each house type's count weighted 1, 2, 3, 4; other house types count none. */
export const unitsOf = (houseTypes: Record<string, number>): number =>
  Object.entries(houseTypes).reduce((sum, [type, count]) => sum + (UNITS[type] ?? 0) * count, 0);

/** The sum of the counts named by `keys` (a category's total over its known parts). */
export const totalOf = (counts: Record<string, number>, keys: readonly string[]): number =>
  keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0);

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
};

/** Adds one record to running totals (in place). */
export function addRecord(into: GridTotals, record: GridRecord): GridTotals {
  into.totalLeads += record.totalLeadsCount;
  into.scheduled += record.leadsCount;
  into.cancelled += record.cancelledLeadsCount;
  into.completed += record.completedLeadsCount;
  into.customers += record.customersCount;
  into.referrals += record.referralsCount;
  into.units += unitsOf(record.houseTypes);
  addCounts(into.fuelTypes, record.fuelTypes);
  addCounts(into.providers, record.providers);
  addCounts(into.houseTypes, record.houseTypes);
  return into;
}

/** All the records summed, whoever's they are. */
export const sumRecords = (records: readonly GridRecord[]): GridTotals =>
  records.reduce(addRecord, emptyTotals());

/** The records summed per auditor; records of anyone else are left out. */
export function totalsByAuditor(
  records: readonly GridRecord[],
  auditors: readonly string[],
): Record<string, GridTotals> {
  const totals = Object.fromEntries(auditors.map((name) => [name, emptyTotals()]));
  for (const record of records) {
    const auditor = totals[record.auditor];
    if (auditor) addRecord(auditor, record);
  }
  return totals;
}
