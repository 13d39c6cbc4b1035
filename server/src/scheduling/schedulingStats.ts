import type { AppDatabase } from '../db/openDatabase';
import type { GridData, GridRecord } from './gridData';
import { timeframeRange, type Timeframe } from './timeframes';

const UNITS: Record<string, number> = { 'Single Family': 1, '2 Family': 2, '3 Family': 3, '4 Family': 4 };

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
export function createSchedulingStats(db: AppDatabase, grid: GridData, auditors: readonly [string, string]) {
  const averageDays = db.$client.prepare(
    `SELECT avg(julianday(scheduled_date) - julianday(created_at)) AS days FROM leads
     WHERE deleted_at IS NULL AND is_formatted = 1 AND scheduled_date >= @from AND scheduled_date <= @to
       AND (auditor = @first COLLATE NOCASE OR auditor = @second COLLATE NOCASE) AND scheduled_date >= created_at`,
  );

  const recordsOf = (timeframe: Timeframe, today?: Date) => {
    const range = timeframeRange(timeframe, today);
    return { range, records: grid(range) };
  };

  return {
    performance(timeframe: Timeframe, today?: Date) {
      const { range, records } = recordsOf(timeframe, today);
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

    categories(timeframe: Timeframe, today?: Date) {
      const { range, records } = recordsOf(timeframe, today);
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

    analytics(timeframe: Timeframe, today?: Date) {
      const { range, records } = recordsOf(timeframe, today);
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
      const days = (
        averageDays.get({
          from: `${range.startDate}T00:00:00.000Z`,
          to: `${range.endDate}T23:59:59.999Z`,
          first: auditors[0],
          second: auditors[1],
        }) as { days: number | null }
      ).days;
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
    dashboard(months: number, today = new Date()) {
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1))
        .toISOString()
        .slice(0, 10);
      const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0))
        .toISOString()
        .slice(0, 10);
      const records = grid({ startDate: start, endDate: end });
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
        auditors,
        totals,
        monthly: [...byMonth.entries()].map(([month, agents]) => ({ month, agents })),
      };
    },
  };
}

export type SchedulingStats = ReturnType<typeof createSchedulingStats>;
