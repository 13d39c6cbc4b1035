import type { GridRecord } from './schedulingTypes';

/** A share of the total with one decimal; 0 when there are no leads (spec section 5). */
export const rateOf = (part: number, total: number) =>
  total > 0 ? Math.round((part / total) * 1000) / 10 : 0;

/** The four KPI cards: sums over the period (DESIGN.md "Scheduling numbers"). */
export function kpis(records: GridRecord[]) {
  const sum = (pick: (record: GridRecord) => number) =>
    records.reduce((total, record) => total + pick(record), 0);
  const total = sum((record) => record.totalLeadsCount);
  const cancelled = sum((record) => record.cancelledLeadsCount);
  const scheduled = sum((record) => record.leadsCount);
  const referrals = sum((record) => record.referralsCount);
  return {
    total,
    cancelled,
    scheduled,
    referrals,
    cancellationRate: rateOf(cancelled, total),
    scheduledRate: rateOf(scheduled, total),
    referralRate: rateOf(referrals, total),
  };
}
