import type { LeadDetail, NotificationsPage } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { ENGINES } from '../../testkit/engines';
import { signInEveryRole, type Caller } from '../../testkit/roleSessions';
import { startBusyProxy } from '../../testkit/servers/busyProxy';
import { startRadicale, type RadicaleServer } from '../../testkit/servers/radicale';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { eventually } from '../../testkit/eventually';
import { testClock } from '../../testkit/testClock';

// Issue 35, item 5: a write the calendar refuses for what it holds was tried again forever.
// Radicale (real, behind a recording proxy) refuses a request body over its
// max_content_length with 413: after the escaping no lead text makes an object it cannot
// parse, but an event grown past the server's limit is one it refuses, every time.

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
/** Milliseconds between attempts: without the fix the write would be made again and again. */
const QUICK = {
  policy: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 20, maxDelayMs: 50 },
  pollMs: 50,
};
const SINGLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Auditdesk tests//EN',
  'BEGIN:VEVENT',
  'UID:single-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T140000Z',
  'DTEND:20250304T153000Z',
  'SUMMARY:Jane Doe',
  'DESCRIPTION:Auditor: Sam Rivera\\nPhone: (617) 555-0142',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
/** Radicale's limit: the event and every request the sync makes fit; the long comment does not. */
const MAX_BODY = 2_000;

describe.each(ENGINES)('a write the calendar refuses for good, on %s', (engine) => {
  let radicale: RadicaleServer;
  let t: TestApp;
  let tokens: Record<Caller, string | null>;
  beforeAll(async () => {
    radicale = await startRadicale({ maxContentLength: MAX_BODY });
  }, 60_000);
  afterAll(() => radicale.stop());
  afterEach(() => t?.close());

  const as = (caller: Caller, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[caller]!), ...(payload ? { payload } : {}) });
  const detail = async (id: number) => (await as('Manager', 'GET', `/api/leads/${id}`)).json<LeadDetail>();
  const bell = async (caller: Caller) =>
    (await as(caller, 'GET', '/api/notifications'))
      .json<NotificationsPage>()
      .items.filter((item) => item.kind === 'calendar-write-refused');

  it('is marked failed with the reason on the lead and in the bell of Admins and Managers, never tried again by itself; a choice or an edit ends it', async () => {
    const calendarUrl = await radicale.createCalendar(engine, engine);
    expect((await radicale.putEvent(calendarUrl, 'single.ics', SINGLE)).status).toBe(201);
    const proxy = await startBusyProxy(radicale.url);
    try {
      t = await createTestApp(
        {
          CALENDAR_SOURCE: 'caldav',
          CALDAV_URL: `${proxy.url}${radicale.username}/`,
          CALDAV_USERNAME: radicale.username,
          CALDAV_PASSWORD: radicale.password,
          CALDAV_CALENDAR: engine,
          CALENDAR_WRITE_BACK: 'on',
        },
        { engine, writeBack: { ...QUICK, retry: { clock: testClock().clock } } },
      );
      tokens = await signInEveryRole(t);
      expect(await t.services.sync.execute(MARCH, 'cli', null)).toMatchObject({ success: true });
      const [{ id }] = (await t.db.all<{ id: number }>(
        sql`SELECT id FROM leads WHERE lead_id = 'single-1@example.com'`,
      )) as [{ id: number }];
      const puts = () => proxy.exchanges.filter((exchange) => exchange.method === 'PUT');

      const long = `Gate code 4711. ${'Bring the long ladder. '.repeat(100)}`.trim();
      expect((await as('Manager', 'PATCH', `/api/leads/${id}`, { comments: long })).statusCode).toBe(200);
      const failed = await eventually(
        async () => {
          const lead = await detail(id);
          if (!lead.calendarWrite?.failedAt)
            throw new Error(`not failed yet: ${JSON.stringify(lead.calendarWrite)}`);
          return lead;
        },
        { attempts: 200, delayMs: 50 },
      );
      expect(failed.calendarWrite).toMatchObject({
        attempts: 1,
        reason: `The CalDAV server ${new URL(proxy.url).host} answered HTTP 413 Payload Too Large`,
      });
      // the office's value stays on the lead, the event as it was
      expect(failed).toMatchObject({ comments: long });
      expect(failed.officeValues.map((value) => value.field)).toEqual(['comments']);

      // many polls later: still the one PUT, the one refusal
      await new Promise((resolve) => setTimeout(resolve, 10 * QUICK.pollMs));
      expect(puts().map((exchange) => exchange.status)).toEqual([413]);
      expect((await detail(id)).calendarWrite).toMatchObject({ attempts: 1 });

      for (const caller of ['Admin', 'Manager'] as const)
        expect(await bell(caller)).toEqual([
          expect.objectContaining({
            severity: 'error',
            title: 'The calendar refused an edit of Jane Doe',
            message: expect.stringMatching(
              /answered HTTP 413 Payload Too Large\. The office's values stay on the lead and are not sent again until it is edited\.$/,
            ),
            link: '/leads?q=single-1%40example.com&unformatted=shown',
          }),
        ]);
      expect(await bell('User')).toEqual([]);

      // a way out: the calendar's value chosen instead ends the failed write
      const chosen = await t.app.inject({
        method: 'POST',
        url: `/api/leads/${id}/office-values/comments`,
        headers: bearer(tokens.Manager!),
        payload: { use: 'calendar' },
      });
      expect(chosen.statusCode).toBe(200);
      await eventually(
        async () => {
          const lead = await detail(id);
          if (lead.calendarWrite) throw new Error(`still shown: ${JSON.stringify(lead.calendarWrite)}`);
        },
        { attempts: 200, delayMs: 50 },
      );
      expect(puts()).toHaveLength(1);

      // the other: the lead edited again is written anew
      expect(
        (await as('Manager', 'PATCH', `/api/leads/${id}`, { comments: 'Gate code 4711.' })).statusCode,
      ).toBe(200);
      await eventually(
        async () => {
          const lead = await detail(id);
          if (lead.calendarWrite) throw new Error(`still waiting: ${JSON.stringify(lead.calendarWrite)}`);
        },
        { attempts: 200, delayMs: 50 },
      );
      // read again: the first read of the detail may have come just before the worker's batch
      expect((await detail(id)).officeValues).toEqual([]);
      expect(puts().map((exchange) => exchange.status)).toEqual([413, 201]);
      const stored = await fetch(`${calendarUrl}single.ics`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
        },
      });
      const [event] = new ICAL.Component(ICAL.parse(await stored.text()) as unknown[]).getAllSubcomponents(
        'vevent',
      );
      expect(String(event!.getFirstPropertyValue('description'))).toContain('Comments: Gate code 4711.');
    } finally {
      await proxy.close();
    }
  });
});
