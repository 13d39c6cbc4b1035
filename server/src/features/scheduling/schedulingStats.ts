import {
  gridKpis,
  groupGrid,
  totalsByAuditor,
  type GridTotals,
  type Timeframe,
} from '@auditdesk/shared/core';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import { monthsEndingIn, timeframeRange } from './timeframes';

const perAgent = (auditors: readonly string[], value: (name: string) => number) =>
  Object.fromEntries(auditors.map((name) => [name, value(name)]));

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

const monthTotals = ({ totalLeads, cancelled, scheduled, referrals }: GridTotals) => ({
  totalLeads,
  cancelled,
  scheduled,
  referrals,
});

/**
 * The scheduling endpoints' numbers, all from the grid records of the real leads, added
 * up by the same code as the scheduling screen's (@auditdesk/shared/core).
 */
export function createSchedulingStats(
  leads: LeadsRepository,
  auditors: readonly [string, string],
  /** The business's zone: its calendar's months and days, today's included. */
  timeZone: string,
) {
  const recordsOf = async (timeframe: Timeframe, today?: Date) => {
    const range = timeframeRange(timeframe, timeZone, today);
    return { range, records: await leads.grid(auditors, { ...range, timeZone }) };
  };

  return {
    async performance(timeframe: Timeframe, today?: Date) {
      const { range, records } = await recordsOf(timeframe, today);
      const totals = totalsByAuditor(records, auditors);
      return {
        timeframe,
        ...range,
        agents: totals,
        comparison: {
          leads: perAgent(auditors, (name) => totals[name]!.totalLeads),
          referrals: perAgent(auditors, (name) => totals[name]!.referrals),
          fuelTypes: perAgent(auditors, (name) => sumOf(totals[name]!.fuelTypes)),
        },
      };
    },

    async categories(timeframe: Timeframe, today?: Date) {
      const { range, records } = await recordsOf(timeframe, today);
      const totals = totalsByAuditor(records, auditors);
      const of = (map: 'fuelTypes' | 'providers' | 'houseTypes', key: string) =>
        perAgent(auditors, (name) => totals[name]![map][key] ?? 0);
      return {
        timeframe,
        ...range,
        fuelTypes: {
          gas: of('fuelTypes', 'Gas'),
          oil: of('fuelTypes', 'Oil'),
          propane: of('fuelTypes', 'Propane'),
          electricity: of('fuelTypes', 'Electricity'),
        },
        providers: {
          nationalGrid: of('providers', 'National Grid'),
          eversource: of('providers', 'EverSource'),
        },
        familyTypes: {
          single: of('houseTypes', 'Single Family'),
          two: of('houseTypes', '2 Family'),
          three: of('houseTypes', '3 Family'),
          four: of('houseTypes', '4 Family'),
        },
      };
    },

    async analytics(timeframe: Timeframe, today?: Date) {
      const { range, records } = await recordsOf(timeframe, today);
      const days = await leads.averageDaysToAppointment(auditors, { ...range, timeZone });
      return {
        timeframe,
        ...range,
        // the scheduling screen's scheduled rate over the same leads
        conversionRate: gridKpis(records).scheduledRate,
        /** Average days from when a lead was first recorded (booked) to its appointment. */
        averageResponseTime: days === null ? 0 : Math.round(days * 10) / 10,
        monthlyTrend: groupGrid(records, auditors).map(({ key, totals }) => ({
          month: key,
          ...perAgent(auditors, (name) => totals[name]!.totalLeads),
        })),
      };
    },

    /** Monthly totals per auditor over the last `months` months, this one included. */
    async dashboard(months: number, today = new Date()) {
      const { startDate: start, endDate: end } = monthsEndingIn(today, months, timeZone);
      const records = await leads.grid(auditors, { startDate: start, endDate: end, timeZone });
      return {
        months,
        startDate: start,
        endDate: end,
        auditors: [...auditors] as [string, string],
        totals: totalsByAuditor(records, auditors),
        monthly: groupGrid(records, auditors).map(({ key, totals }) => ({
          month: key,
          agents: Object.fromEntries(auditors.map((name) => [name, monthTotals(totals[name]!)])),
        })),
      };
    },
  };
}

export type SchedulingStats = ReturnType<typeof createSchedulingStats>;
