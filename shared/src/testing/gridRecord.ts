import type { GridRecord } from '../contract/scheduling';

/** A grid record of Sam Rivera, week 1 of March 2025; override what the test is about. */
export const gridRecord = (overrides: Partial<GridRecord> = {}): GridRecord => ({
  year: 2025,
  month: 3,
  week: 1,
  auditor: 'Sam Rivera',
  customersCount: 2,
  leadsCount: 2,
  totalLeadsCount: 3,
  cancelledLeadsCount: 1,
  completedLeadsCount: 0,
  referralsCount: 1,
  fuelTypes: { Gas: 1, Oil: 1 },
  providers: { 'National Grid': 2 },
  houseTypes: { 'Single Family': 1, '3 Family': 1 },
  ...overrides,
});
