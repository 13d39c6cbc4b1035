import { eq } from 'drizzle-orm';
import { leads } from '../../src/platform/db/schema';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { lead } from '../../testkit/builders/leads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  const SAM = 'Sam Rivera';
  const ALEX = 'Alex Chen';

  /**
   * A month boundary (Feb 28 → Mar 1 2025) and a week boundary (Sun Mar 2 → Mon Mar 3) on the
   * business's calendar (CALENDAR_TIMEZONE, America/New_York by default): March 2025 begins on
   * a Saturday, so Mar 1–2 are week 1 and Mar 3 starts week 2.
   */
  const FIXTURE = [
    lead({
      leadId: 'feb-sam',
      auditor: SAM,
      scheduledDate: '2025-02-28T15:00:00.000Z',
      week: 5,
      houseType: 'Single Family',
      heatingFuel: 'Oil',
      provider: 'EverSource',
    }),
    lead({
      leadId: 'w1-sam-a',
      auditor: SAM,
      scheduledDate: '2025-03-01T14:00:00.000Z',
      week: 1,
      houseType: '2 Family',
      referredBy: 'Tom Lee',
    }),
    lead({
      leadId: 'w1-sam-b',
      auditor: SAM,
      scheduledDate: '2025-03-02T23:30:00.000Z',
      week: 1,
      houseType: '3 Family',
      status: 'Completed',
      heatingFuel: 'Wood',
    }),
    lead({
      leadId: 'w1-sam-cancel',
      auditor: SAM,
      scheduledDate: '2025-03-02T16:00:00.000Z',
      week: 1,
      status: 'Cancelled',
      referredBy: 'Ann',
      houseType: '4 Family',
    }),
    lead({
      leadId: 'w2-sam',
      auditor: 'sam rivera',
      // 12:30 AM on Monday in New York
      scheduledDate: '2025-03-03T05:30:00.000Z',
      week: 2,
      houseType: '4 Family',
      status: 'No Show',
    }),
    lead({
      leadId: 'w2-alex',
      auditor: ALEX,
      scheduledDate: '2025-03-04T14:00:00.000Z',
      week: 2,
      houseType: 'Single Family',
      heatingFuel: 'Propane',
      provider: 'National Grid',
      referredBy: 'Kim',
    }),
    lead({
      leadId: 'third',
      auditor: 'Pat Morgan',
      scheduledDate: '2025-03-04T15:00:00.000Z',
      week: 2,
    }),
    lead({
      leadId: 'unformatted',
      auditor: SAM,
      isFormatted: false,
      houseType: 'condo?',
      scheduledDate: '2025-03-04T16:00:00.000Z',
      week: 2,
    }),
    lead({ leadId: 'deleted', auditor: ALEX, scheduledDate: '2025-03-04T17:00:00.000Z', week: 2 }),
  ];

  describe('GET /api/leads/grid-data', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ AUDITORS: `${SAM}, ${ALEX}` }, { engine });
      token = (await t.login()).access_token;
      await syncLeads(t, FIXTURE, { from: 0, to: 0 }, '2025-01-01T00:00:00.000Z');
      await t.db.orm
        .update(leads)
        .set({ deletedAt: '2025-01-02T00:00:00.000Z' })
        .where(eq(leads.leadId, 'deleted'))
        .run();
    });
    afterAll(() => t.close());

    const grid = (query = '') =>
      t.app.inject({ url: `/api/leads/grid-data${query}`, headers: bearer(token) });

    it('buckets by year, month, week and auditor, with the hand-computed counts', async () => {
      const response = await grid('?startDate=2025-02-01&endDate=2025-03-31');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          year: 2025,
          month: 2,
          week: 5,
          auditor: SAM,
          totalLeadsCount: 1,
          leadsCount: 1,
          customersCount: 1,
          cancelledLeadsCount: 0,
          completedLeadsCount: 0,
          referralsCount: 0,
          fuelTypes: { Oil: 1 },
          providers: { EverSource: 1 },
          houseTypes: { 'Single Family': 1 },
        },
        {
          year: 2025,
          month: 3,
          week: 1,
          auditor: SAM,
          // a, b and the cancelled one; the breakdowns leave the cancelled one out
          totalLeadsCount: 3,
          leadsCount: 2,
          customersCount: 2,
          cancelledLeadsCount: 1,
          completedLeadsCount: 1,
          referralsCount: 1,
          fuelTypes: { Gas: 1, Wood: 1 },
          providers: { 'National Grid': 2 },
          houseTypes: { '2 Family': 1, '3 Family': 1 },
        },
        {
          year: 2025,
          month: 3,
          week: 2,
          auditor: ALEX,
          totalLeadsCount: 1,
          leadsCount: 1,
          customersCount: 1,
          cancelledLeadsCount: 0,
          completedLeadsCount: 0,
          referralsCount: 1,
          fuelTypes: { Propane: 1 },
          providers: { 'National Grid': 1 },
          houseTypes: { 'Single Family': 1 },
        },
        {
          year: 2025,
          month: 3,
          week: 2,
          auditor: SAM,
          // 'No Show' is neither scheduled nor cancelled; the auditor's spelling is the configured one
          totalLeadsCount: 1,
          leadsCount: 0,
          customersCount: 1,
          cancelledLeadsCount: 0,
          completedLeadsCount: 0,
          referralsCount: 0,
          fuelTypes: { Gas: 1 },
          providers: { 'National Grid': 1 },
          houseTypes: { '4 Family': 1 },
        },
      ]);
    });

    it("takes the business's calendar days, both ends inclusive", async () => {
      const records = (await grid('?startDate=2025-03-02&endDate=2025-03-02')).json();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ week: 1, totalLeadsCount: 2 });
    });

    it('answers everything without dates, and 400 for a bad date or a reversed range', async () => {
      expect((await grid()).json()).toHaveLength(4);
      expect((await grid('?startDate=2025-02-30')).statusCode).toBe(400);
      expect((await grid('?startDate=2025-03-31&endDate=2025-03-01')).statusCode).toBe(400);
      expect((await grid('?from=2025-03-01')).statusCode).toBe(400);
    });
  });

  // Issue 37 items 1 and 10: a timed visit counts on its day in the business's zone, as the
  // leads screen lists it, whatever UTC day it falls on and whatever week the sync stored.
  describe("a late-evening visit on the business's calendar", () => {
    let t: TestApp;
    let token: string;
    /** 11:30 PM in New York; `week`: what the sync stores, the week of its UTC day. */
    const LATE = [
      // the day the clocks go forward (Sunday 9 March, EDT): UTC's Monday 10 March, week 3
      lead({ leadId: 'dst-start', scheduledDate: '2025-03-10T03:30:00.000Z', week: 3 }),
      // the month's last day (Monday 31 March): UTC's 1 April, week 1 of April
      lead({ leadId: 'month-end', scheduledDate: '2025-04-01T03:30:00.000Z', week: 1, referredBy: 'Kim' }),
      // the day the clocks go back (Sunday 2 November, EST): UTC's Monday 3 November, week 2
      lead({ leadId: 'dst-end', scheduledDate: '2025-11-03T04:30:00.000Z', week: 2 }),
      // a day (all day) is its own date in every zone
      lead({ leadId: 'day', scheduledDate: '2025-03-31T00:00:00.000Z', week: 6, allDay: true }),
    ];
    beforeAll(async () => {
      t = await createTestApp({ AUDITORS: `${SAM}, ${ALEX}` }, { engine });
      token = (await t.login()).access_token;
      await syncLeads(t, LATE, { from: 0, to: 0 }, '2025-01-01T00:00:00.000Z');
    });
    afterAll(() => t.close());
    const grid = async (query: string) =>
      (await t.app.inject({ url: `/api/leads/grid-data${query}`, headers: bearer(token) })).json<
        { year: number; month: number; week: number; totalLeadsCount: number; referralsCount: number }[]
      >();
    const buckets = (records: Awaited<ReturnType<typeof grid>>) =>
      records.map(
        ({ year, month, week, totalLeadsCount }) => `${year}-${month} week ${week}: ${totalLeadsCount}`,
      );

    it('counts it on its own day and week, across both changes of the clocks and a month end', async () => {
      expect(buckets(await grid('?startDate=2025-03-01&endDate=2025-11-30'))).toEqual([
        '2025-3 week 2: 1',
        '2025-3 week 6: 2',
        '2025-11 week 1: 1',
      ]);
      expect(buckets(await grid('?startDate=2025-03-31&endDate=2025-03-31'))).toEqual(['2025-3 week 6: 2']);
      expect(buckets(await grid('?startDate=2025-03-09&endDate=2025-03-09'))).toEqual(['2025-3 week 2: 1']);
      expect(await grid('?startDate=2025-04-01&endDate=2025-04-30')).toEqual([]);
      expect(await grid('?startDate=2025-03-10&endDate=2025-03-10')).toEqual([]);
      expect(buckets(await grid('?startDate=2025-11-02&endDate=2025-11-02'))).toEqual(['2025-11 week 1: 1']);
      // without dates: every visit, still on its business day
      expect(buckets(await grid(''))).toEqual(['2025-3 week 2: 1', '2025-3 week 6: 2', '2025-11 week 1: 1']);
    });

    it("gives the dashboard and the timeframes by the business's months, today's too", async () => {
      // 11:30 PM on 31 March in New York: still March there (UTC's April)
      const stats = t.services.schedulingStats;
      const dashboard = await stats.dashboard(1, new Date('2025-04-01T03:30:00.000Z'));
      expect(dashboard).toMatchObject({ startDate: '2025-03-01', endDate: '2025-03-31' });
      expect(dashboard.monthly.map(({ month, agents }) => [month, agents[SAM]!.totalLeads])).toEqual([
        ['2025-03', 3],
      ]);
      const april = await stats.performance('month', new Date('2025-04-01T04:30:00.000Z'));
      expect(april).toMatchObject({ startDate: '2025-04-01', endDate: '2025-04-30' });
      expect(april.agents[SAM]!.totalLeads).toBe(0);
    });
  });

  describe('scheduling endpoints', () => {
    let t: TestApp;
    let token: string;
    const today = new Date();
    const thisMonth = (day: number, hour = 14) =>
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), day, hour)).toISOString();
    beforeAll(async () => {
      t = await createTestApp({}, { engine });
      token = (await t.login()).access_token;
      await syncLeads(
        t,
        [
          lead({
            leadId: 'a',
            auditor: SAM,
            scheduledDate: thisMonth(2),
            houseType: '2 Family',
            heatingFuel: 'Gas',
          }),
          lead({
            leadId: 'b',
            auditor: SAM,
            scheduledDate: thisMonth(3),
            houseType: 'Single Family',
            heatingFuel: 'Oil',
            referredBy: 'Kim',
          }),
          lead({ leadId: 'c', auditor: ALEX, scheduledDate: thisMonth(4), status: 'Cancelled' }),
        ],
        { from: 0, to: 0 },
        new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString(),
      );
    });
    afterAll(() => t.close());
    const get = (url: string) => t.app.inject({ url, headers: bearer(token) });

    it('names the two auditors', async () => {
      expect((await get('/api/scheduling/auditors')).json()).toEqual({ auditors: [SAM, ALEX] });
    });

    it('gives performance, categories and analytics for this month from the real leads', async () => {
      const performance = (await get('/api/scheduling/performance?timeframe=month')).json();
      expect(performance.agents[SAM]).toMatchObject({ totalLeads: 2, customers: 2, units: 3, referrals: 1 });
      expect(performance.agents[ALEX]).toMatchObject({ totalLeads: 1, cancelled: 1, customers: 0 });
      expect(performance.comparison.leads).toEqual({ [SAM]: 2, [ALEX]: 1 });

      const categories = (await get('/api/scheduling/categories?timeframe=month')).json();
      expect(categories.fuelTypes.gas).toEqual({ [SAM]: 1, [ALEX]: 0 });
      expect(categories.familyTypes.two).toEqual({ [SAM]: 1, [ALEX]: 0 });

      const analytics = (await get('/api/scheduling/analytics?timeframe=month')).json();
      expect(analytics.conversionRate).toBe(66.7);
      expect(analytics.averageResponseTime).toBeGreaterThan(0);
      expect(analytics.monthlyTrend).toHaveLength(1);
    });

    it.each(['month', 'bimonth', 'quarter', 'year'])('accepts timeframe=%s', async (timeframe) => {
      expect((await get(`/api/scheduling/analytics?timeframe=${timeframe}`)).statusCode).toBe(200);
    });

    it('refuses any other timeframe with 400', async () => {
      const response = await get('/api/scheduling/performance?timeframe=week');
      expect(response.statusCode).toBe(400);
    });

    it('gives the dashboard for the last 12 months by default', async () => {
      const dashboard = (await get('/api/scheduling/dashboard')).json();
      expect(dashboard.months).toBe(12);
      expect(dashboard.totals[SAM].totalLeads).toBe(2);
    });
  });
  describe('with three auditors configured', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp({ AUDITORS: `${SAM}, ${ALEX}, Pat Morgan` }, { engine });
      token = (await t.login()).access_token;
      await syncLeads(t, FIXTURE, { from: 0, to: 0 }, '2025-01-01T00:00:00.000Z');
    });
    afterAll(() => t.close());
    const get = (url: string) => t.app.inject({ url, headers: bearer(token) });

    it('lists all three and gives the grid of each, so any two can be compared', async () => {
      expect((await get('/api/scheduling/auditors')).json()).toEqual({ auditors: [SAM, ALEX, 'Pat Morgan'] });
      const grid = (await get('/api/leads/grid-data?startDate=2025-03-01&endDate=2025-03-31')).json();
      expect(
        grid.map((record: { auditor: string; week: number }) => `${record.auditor} ${record.week}`),
      ).toEqual([`${SAM} 1`, `${ALEX} 2`, `Pat Morgan 2`, `${SAM} 2`]);
    });

    it('keeps the older summary endpoints on the first two', async () => {
      const performance = (await get('/api/scheduling/performance?timeframe=year')).json();
      expect(Object.keys(performance.agents)).toEqual([SAM, ALEX]);
    });
  });
});
