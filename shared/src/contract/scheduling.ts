import { z } from 'zod';
import { isoDay, START_AFTER_END } from './common';
import { TIMEFRAMES } from './vocabulary';

export const gridQuery = z
  .strictObject({ startDate: isoDay.optional(), endDate: isoDay.optional() })
  .refine(({ startDate, endDate }) => !startDate || !endDate || startDate <= endDate, START_AFTER_END);

const count = z.number().int().min(0);
const breakdown = z.record(z.string(), count);

/** One grid record: a year, month, week of month and auditor (DESIGN.md "Scheduling numbers"). */
export const gridRecord = z.object({
  year: z.number().int(),
  /** 1-12 */
  month: z.number().int().min(1).max(12),
  week: z.number().int().min(1).max(6),
  auditor: z.string(),
  customersCount: count,
  /** Scheduled: a status in SCHEDULED_STATUSES (leadStatusRules.ts) */
  leadsCount: count,
  totalLeadsCount: count,
  cancelledLeadsCount: count,
  /** Completed: a status in COMPLETED_STATUSES (leadStatusRules.ts) */
  completedLeadsCount: count,
  referralsCount: count,
  fuelTypes: breakdown,
  providers: breakdown,
  houseTypes: breakdown,
});
export type GridRecord = z.infer<typeof gridRecord>;

/** The configured auditors, the first two compared by default. */
export const auditorsResponse = z.object({ auditors: z.array(z.string()).min(2) });

export const timeframeQuery = z.strictObject({
  timeframe: z
    .enum(TIMEFRAMES, { error: 'Choose a period: month, bimonth, quarter or year.' })
    .default('month'),
});

export const schedulingDashboardQuery = z.strictObject({
  months: z.coerce.number().int().min(1).max(60).default(12),
});

const perAuditor = z.record(z.string(), z.number());
const range = { startDate: z.string(), endDate: z.string() };

const agentTotals = z.object({
  totalLeads: count,
  scheduled: count,
  cancelled: count,
  completed: count,
  customers: count,
  referrals: count,
  units: count,
  fuelTypes: breakdown,
  providers: breakdown,
  houseTypes: breakdown,
});
/** One auditor's grid records summed (shared/src/scheduling/gridTotals.ts adds them up). */
export type AgentTotals = z.infer<typeof agentTotals>;

export const schedulingPerformance = z.object({
  timeframe: z.enum(TIMEFRAMES),
  ...range,
  agents: z.record(z.string(), agentTotals),
  comparison: z.object({ leads: perAuditor, referrals: perAuditor, fuelTypes: perAuditor }),
});

export const schedulingCategories = z.object({
  timeframe: z.enum(TIMEFRAMES),
  ...range,
  fuelTypes: z.object({ gas: perAuditor, oil: perAuditor, propane: perAuditor, electricity: perAuditor }),
  providers: z.object({ nationalGrid: perAuditor, eversource: perAuditor }),
  familyTypes: z.object({ single: perAuditor, two: perAuditor, three: perAuditor, four: perAuditor }),
});

export const schedulingAnalytics = z.object({
  timeframe: z.enum(TIMEFRAMES),
  ...range,
  conversionRate: z.number(),
  /** Average days from when a lead was first recorded (booked) to its appointment. */
  averageResponseTime: z.number(),
  monthlyTrend: z.array(z.looseObject({ month: z.string() })),
});

const monthTotals = z.object({ totalLeads: count, cancelled: count, scheduled: count, referrals: count });
export const schedulingDashboard = z.object({
  months: z.number().int(),
  ...range,
  auditors: z.tuple([z.string(), z.string()]),
  totals: z.record(z.string(), agentTotals),
  monthly: z.array(z.object({ month: z.string(), agents: z.record(z.string(), monthTotals) })),
});
