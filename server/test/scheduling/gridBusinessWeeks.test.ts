import { leadDay, weekOfMonthOfDay } from '@auditdesk/shared/core';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { lead } from '../../testkit/builders/leads';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';

const AUDITORS = ['Sam Rivera', 'Alex Chen'];
/** West and east of UTC, half and quarter hours, both changes of the clocks in the months read. */
const ZONES = [
  'America/New_York',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'America/St_Johns',
  'Pacific/Kiritimati',
  'UTC',
];
const RANGES: { startDate?: string; endDate?: string }[] = [
  {},
  { startDate: '2025-01-01', endDate: '2025-03-31' },
  // starting and ending inside a week
  { startDate: '2025-03-05', endDate: '2025-03-12' },
  { startDate: '2025-03-31', endDate: '2025-03-31' },
  { startDate: '2025-04-06', endDate: '2025-04-06' },
];

/** Visits from late December to mid April, most near a UTC midnight, some days, varied spellings. */
function visits(): LeadRecord[] {
  // mulberry32: the same visits every run
  let seed = 39;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((((value ^ (value >>> 14)) >>> 0) / 4_294_967_296) * n) | 0;
  };
  const start = Date.UTC(2024, 11, 20);
  return Array.from({ length: 400 }, (_, index) => {
    const day = start + next(112) * 86_400_000;
    const allDay = next(10) === 0;
    // within 14 hours of midnight either side, on the quarter hour, or any time
    const minutes = next(3) ? (next(2) ? next(56) * 15 : 1440 - 15 - next(56) * 15) : next(96) * 15;
    return lead({
      leadId: `visit-${index}`,
      auditor: ['Sam Rivera', 'sam rivera', 'ALEX CHEN', 'Pat Morgan'][next(4)]!,
      scheduledDate: new Date(allDay ? day : day + minutes * 60_000).toISOString(),
      allDay,
      status: ['Scheduled', 'Completed', 'Cancelled'][next(3)]!,
      referredBy: next(3) ? '' : ' Kim ',
    });
  });
}

/** The counts the grid must give, from each visit's day as the leads screen shows it. */
function expected(leads: LeadRecord[], timeZone: string, range: { startDate?: string; endDate?: string }) {
  const counts = new Map<string, { total: number; referrals: number }>();
  for (const visit of leads) {
    const auditor = AUDITORS.find((name) => name.toLowerCase() === visit.auditor.toLowerCase());
    const day = leadDay(visit.scheduledDate, visit.allDay ?? false, timeZone);
    if (!auditor || (range.startDate && day < range.startDate) || (range.endDate && day > range.endDate))
      continue;
    const key = `${Number(day.slice(0, 4))}-${Number(day.slice(5, 7))} week ${weekOfMonthOfDay(day)} ${auditor}`;
    const count = counts.get(key) ?? { total: 0, referrals: 0 };
    count.total += 1;
    if (visit.status !== 'Cancelled' && visit.referredBy.trim()) count.referrals += 1;
    counts.set(key, count);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

// The grid counts by the week of the UTC day first (an index in that order) and moves the visits
// whose business day lies in another week: it must give what counting each visit's day gives.
describe.each(ENGINES)('on %s', (engine) => {
  let t: TestApp;
  const leads = visits();
  beforeAll(async () => {
    t = await createTestApp({ AUDITORS: AUDITORS.join(', ') }, { engine });
    await syncLeads(t, leads, { from: 0, to: 0 }, '2024-12-01T00:00:00.000Z');
  });
  afterAll(() => t.close());

  it.each(ZONES)("counts every visit in its week of the business's calendar in %s", async (timeZone) => {
    for (const range of RANGES) {
      const records = await t.leads.grid(AUDITORS, { ...range, timeZone });
      const got = records
        .map(({ year, month, week, auditor, totalLeadsCount, referralsCount }) => [
          `${year}-${month} week ${week} ${auditor}`,
          { total: totalLeadsCount, referrals: referralsCount },
        ])
        .sort(([a], [b]) => String(a).localeCompare(String(b)));
      expect({ range, got }).toEqual({ range, got: expected(leads, timeZone, range) });
    }
  });
});
