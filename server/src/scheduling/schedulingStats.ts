import { UNITS_PER_HOUSE_TYPE, type GridRecord, type Timeframe } from '@auditdesk/shared/core';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import { timeframeRange } from './timeframes';

const UNITS: Record<string, number> = UNITS_PER_HOUSE_TYPE;

interface AgentTotals {
  totalLeads: number;
  scheduled: number;
  cancelled: number;
  customers: number;
  referrals: number;
  units: number;
  fuelTypes: Record<string, number>;
  providers: Record<string, number>;
  houseTypes: Record<string, number>;
}

const add = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
};

/** The grid records of a range summed per auditor. */
function totalsByAgent(records: GridRecord[], auditors: readonly string[]): Record<string, AgentTotals> {
  const totals = Object.fromEntries(
    auditors.map((name) => [
      name,
      {
        totalLeads: 0,
        scheduled: 0,
        cancelled: 0,
        customers: 0,
        referrals: 0,
        units: 0,
        fuelTypes: {},
        providers: {},
        houseTypes: {},
      } as AgentTotals,
    ]),
  );
  for (const record of records) {
    const agent = totals[record.auditor];
    if (!agent) continue;
    agent.totalLeads += record.totalLeadsCount;
    agent.scheduled += record.leadsCount;
    agent.cancelled += record.cancelledLeadsCount;
    agent.customers += record.customersCount;
    agent.referrals += record.referralsCount;
    add(agent.fuelTypes, record.fuelTypes);
    add(agent.providers, record.providers);
    add(agent.houseTypes, record.houseTypes);
    agent.units += Object.entries(record.houseTypes).reduce(
      (sum, [type, n]) => sum + (UNITS[type] ?? 0) * n,
      0,
    );
  }
  return totals;
}

const perAgent = (auditors: readonly string[], value: (name: string) => number) =>
  Object.fromEntries(auditors.map((name) => [name, value(name)]));

/** The scheduling endpoints' numbers, all from the grid records of the real leads. */
export function createSchedulingStats(leads: LeadsRepository, auditors: readonly [string, string]) {
  const recordsOf = async (timeframe: Timeframe, today?: Date) => {
    const range = timeframeRange(timeframe, today);
    return { range, records: await leads.grid(auditors, range) };
  };

  return {
    async performance(timeframe: Timeframe, today?: Date) {
      const { range, records } = await recordsOf(timeframe, today);
      const totals = totalsByAgent(records, auditors);
      return {
        timeframe,
        ...range,
        agents: totals,
        comparison: {
          leads: perAgent(auditors, (name) => totals[name]!.totalLeads),
          referrals: perAgent(auditors, (name) => totals[name]!.referrals),
          fuelTypes: perAgent(auditors, (name) =>
            Object.values(totals[name]!.fuelTypes).reduce((a, b) => a + b, 0),
          ),
        },
      };
    },

    async categories(timeframe: Timeframe, today?: Date) {
      const { range, records } = await recordsOf(timeframe, today);
      const totals = totalsByAgent(records, auditors);
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
      const totals = totalsByAgent(records, auditors);
      const total = auditors.reduce((sum, name) => sum + totals[name]!.totalLeads, 0);
      const scheduled = auditors.reduce((sum, name) => sum + totals[name]!.scheduled, 0);
      const months = new Map<string, Record<string, number>>();
      for (const record of records) {
        const key = `${record.year}-${String(record.month).padStart(2, '0')}`;
        const entry = months.get(key) ?? perAgent(auditors, () => 0);
        entry[record.auditor] = (entry[record.auditor] ?? 0) + record.totalLeadsCount;
        months.set(key, entry);
      }
      const days = await leads.averageDaysToAppointment(auditors, range);
      return {
        timeframe,
        ...range,
        conversionRate: total > 0 ? Math.round((scheduled / total) * 1000) / 10 : 0,
        /** Average days from when a lead was first recorded (booked) to its appointment. */
        averageResponseTime: days === null ? 0 : Math.round(days * 10) / 10,
        monthlyTrend: [...months.entries()].map(([month, counts]) => ({ month, ...counts })),
      };
    },

    /** Monthly totals per auditor over the last `months` months, this one included. */
    async dashboard(months: number, today = new Date()) {
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1))
        .toISOString()
        .slice(0, 10);
      const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0))
        .toISOString()
        .slice(0, 10);
      const records = await leads.grid(auditors, { startDate: start, endDate: end });
      const totals = totalsByAgent(records, auditors);
      const byMonth = new Map<
        string,
        Record<string, { totalLeads: number; cancelled: number; scheduled: number; referrals: number }>
      >();
      for (const record of records) {
        const key = `${record.year}-${String(record.month).padStart(2, '0')}`;
        const entry = byMonth.get(key) ?? {};
        const agent = (entry[record.auditor] ??= { totalLeads: 0, cancelled: 0, scheduled: 0, referrals: 0 });
        agent.totalLeads += record.totalLeadsCount;
        agent.cancelled += record.cancelledLeadsCount;
        agent.scheduled += record.leadsCount;
        agent.referrals += record.referralsCount;
        byMonth.set(key, entry);
      }
      return {
        months,
        startDate: start,
        endDate: end,
        auditors: [...auditors] as [string, string],
        totals,
        monthly: [...byMonth.entries()].map(([month, agents]) => ({ month, agents })),
      };
    },
  };
}

export type SchedulingStats = ReturnType<typeof createSchedulingStats>;
