import type { GridRecord } from '../contract/scheduling';
import { sumRecords } from './gridTotals';
import { rateOf } from './rateOf';

/** The KPI cards: sums over the period, each rate against Total Leads (DESIGN.md "Scheduling numbers"). */
export function gridKpis(records: readonly GridRecord[]) {
  const { totalLeads: total, cancelled, scheduled, referrals } = sumRecords(records);
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
export type GridKpis = ReturnType<typeof gridKpis>;
