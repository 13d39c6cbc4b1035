import { createCaldavCalendarSource } from '../../src/features/calendar/caldav/caldavCalendarSource';
import type { SyncRange } from '@auditdesk/shared/core';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import type { RetryWait } from '../../src/platform/http/retryingFetch';
import { startBusyProxy } from '../../testkit/servers/busyProxy';
import { icsFixture, icsFixtureNames } from '../../testkit/ics/icsFixtures';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { splitIntoResources } from '../../testkit/ics/icsResources';
import { startRadicale, type RadicaleServer } from '../../testkit/servers/radicale';
import { testClock } from '../../testkit/testClock';

const ZONE = 'America/New_York';
const AUDITORS = ['Sam Rivera', 'Alex Chen'];
/** Wide enough for every fixture's events, from Apple iCal 1.0 (2002) to the 2030s. */
const EVERYTHING: SyncRange = { startDate: '1995-01-01', endDate: '2035-12-31' };
/** Forty years of a daily series is more than one run may hold; these tests read whole files. */
const WHOLE_FILES = { ...DEFAULT_CALENDAR_LIMITS, occurrencesPerSeries: 1_000_000 };

/**
 * The fixtures that do not go into Radicale 3.1.8 as they are. Radicale parses every PUT
 * with vobject and stores its own serialization of it.
 */
const NOT_CLEAN: Record<string, string> = {
  'icaljs_google_birthday.ics':
    'refused: 400 Bad Request (an RDATE of 20131210Z; overrides whose series is not in the file)',
  'icaljs_recur_instances.ics': 'refused: 400 Bad Request (a VTIMEZONE without TZID)',
  'nodeical_apple_ical1_mixed_tz_floating.ics':
    'rewritten: Radicale adds a VTIMEZONE with today’s US rules to a 2002 time that names America/New_York without one, and repairs the invalid DTSTART:20021028',
};

const leadsOf = (events: Parameters<typeof parseEvent>[0][]) =>
  events.map((event) => parseEvent(event, AUDITORS)).sort((a, b) => a.leadId.localeCompare(b.leadId));

describe('CalDAV source against a real Radicale', () => {
  let radicale: RadicaleServer;
  /** fixture → the slug of its calendar and the PUT statuses of its objects */
  const loaded = new Map<string, { slug: string; statuses: number[] }>();

  beforeAll(async () => {
    radicale = await startRadicale();
    for (const name of icsFixtureNames()) {
      const { resources } = splitIntoResources(icsFixture(name));
      if (resources.length === 0) continue; // nothing a CalDAV server would hold (no VEVENT with a UID)
      const slug = name.replace(/\.ics$/, '');
      const calendarUrl = await radicale.createCalendar(slug, slug);
      const statuses: number[] = [];
      for (const [index, resource] of resources.entries())
        statuses.push((await radicale.putEvent(calendarUrl, `event-${index}.ics`, resource.ics)).status);
      loaded.set(name, { slug, statuses });
    }
  }, 120_000);
  afterAll(() => radicale.stop());

  const source = (calendar?: string, url = radicale.accountUrl, password = radicale.password) =>
    createCaldavCalendarSource({
      url,
      username: radicale.username,
      password,
      calendar,
      defaultZone: ZONE,
      retry: { clock: testClock().clock },
      limits: WHOLE_FILES,
    });

  const clean = icsFixtureNames().filter((name) => !(name in NOT_CLEAN));

  it('loads every fixture with events except the known unclean ones', () => {
    const importedAll = [...loaded].filter(([, load]) => load.statuses.every((status) => status === 201));
    const refused = [...loaded].filter(([, load]) => load.statuses.some((status) => status >= 400));
    expect(refused.map(([name]) => name).sort()).toEqual(
      Object.keys(NOT_CLEAN).filter((name) => NOT_CLEAN[name]!.startsWith('refused')),
    );
    expect(importedAll.length).toBeGreaterThanOrEqual(15);
  });

  it.each(clean.filter((name) => splitIntoResources(icsFixture(name)).resources.length > 0))(
    '%s: the leads synced through CalDAV equal those synced from the file',
    async (name) => {
      const fromFile = readIcsEvents(icsFixture(name), EVERYTHING, ZONE, WHOLE_FILES);
      const throughCaldav = await source(loaded.get(name)!.slug).events(EVERYTHING);

      expect(fromFile.events.length).toBeGreaterThan(0);
      // besides where each event is at the server (for writing it back), which a file has not
      const { slug } = loaded.get(name)!;
      for (const event of throughCaldav.events)
        expect(event.ref).toEqual({
          id: expect.stringContaining(`${radicale.accountUrl}${slug}/event-`),
          etag: expect.stringMatching(/^"/),
          instance: event.instance ?? null,
        });
      const withoutRef = throughCaldav.events.map(({ ref: _ref, ...event }) => event);
      expect(leadsOf(withoutRef)).toEqual(leadsOf(fromFile.events));
      expect(throughCaldav.problems).toEqual(fromFile.problems);
    },
  );

  it('nodeical_apple_ical1_mixed_tz_floating.ics is rewritten by Radicale, hence left out above', async () => {
    const { slug } = loaded.get('nodeical_apple_ical1_mixed_tz_floating.ics')!;
    const served = await fetch(`${radicale.accountUrl}${slug}/event-2.ics`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
      },
    });
    const text = await served.text();
    expect(text).toContain('SUMMARY:Inline Timezone');
    expect(text).toContain('BEGIN:VTIMEZONE'); // the PUT had none
  });

  describe('one calendar of audits', () => {
    let calendarUrl: string;
    beforeAll(async () => {
      calendarUrl = await radicale.createCalendar('audits', 'Audits');
      const events = [
        { uid: 'january@test', start: '20250115T150000Z', summary: 'January customer' },
        { uid: 'march@test', start: '20250304T150000Z', summary: 'March customer' },
        { uid: 'june@test', start: '20250610T150000Z', summary: 'June customer' },
      ];
      for (const event of events)
        await radicale.putEvent(calendarUrl, `${event.uid}.ics`, icsCalendar([event]));
    });

    it('asks the server for the range only: one calendar-query REPORT with a time-range filter', async () => {
      const proxy = await startBusyProxy(radicale.url);
      try {
        const read = await source('Audits', `${proxy.url}${radicale.username}/`).events({
          startDate: '2025-03-01',
          endDate: '2025-03-31',
        });
        expect(read.events.map((event) => [event.leadId, event.summary])).toEqual([
          ['march@test', 'March customer'],
        ]);
        const reports = proxy.exchanges.filter((exchange) => exchange.method === 'REPORT');
        expect(reports).toHaveLength(1);
        expect(reports[0]!.url).toBe(`/${radicale.username}/audits/`);
        expect(reports[0]!.requestBody).toContain('calendar-query');
        expect(reports[0]!.requestBody).toMatch(/time-range start="20250228T000000Z" end="20250402T000000Z"/);
        // the server left January and June out
        expect(reports[0]!.responseBody).toContain('march@test');
        expect(reports[0]!.responseBody).not.toContain('january@test');
        expect(reports[0]!.responseBody).not.toContain('june@test');
      } finally {
        await proxy.close();
      }
    });

    it('finds a calendar by display name in any case, or by URL', async () => {
      const march = { startDate: '2025-03-01', endDate: '2025-03-31' };
      expect((await source('audits').events(march)).events).toHaveLength(1);
      expect((await source(calendarUrl).events(march)).events).toHaveLength(1);
      expect((await source(`/${radicale.username}/audits/`).events(march)).events).toHaveLength(1);
    });

    it('names the calendars to choose from when CALDAV_CALENDAR is unset or wrong', async () => {
      await expect(source().events(EVERYTHING)).rejects.toThrow(
        /The CalDAV account at .+ has \d+ calendars \(.*"Audits".*\): set CALDAV_CALENDAR to the one to sync/,
      );
      await expect(source('Holidays').events(EVERYTHING)).rejects.toThrow(
        /has no calendar named "Holidays" \(CALDAV_CALENDAR\); it has .*"Audits"/,
      );
    });

    it('says when the server refuses the user name or password', async () => {
      await expect(
        source('Audits', radicale.accountUrl, 'wrong password').events(EVERYTHING),
      ).rejects.toThrow(
        `The CalDAV account at ${new URL(radicale.accountUrl).host} could not be opened: the server refused the user name or password (HTTP 401)`,
      );
    });

    it('waits out 429 with Retry-After and 503, then reads the calendar', async () => {
      const refusals = [{ status: 429, retryAfter: '4' }, { status: 503 }];
      const proxy = await startBusyProxy(radicale.url, (index) => refusals[index] ?? null);
      const { clock, sleeps } = testClock();
      const waits: RetryWait[] = [];
      try {
        const read = await createCaldavCalendarSource({
          url: `${proxy.url}${radicale.username}/`,
          username: radicale.username,
          password: radicale.password,
          calendar: 'Audits',
          defaultZone: ZONE,
          retry: { clock },
        }).events({ startDate: '2025-03-01', endDate: '2025-03-31' }, (wait) => waits.push(wait));
        expect(read.events).toHaveLength(1);
        expect(sleeps[0]).toBe(4000);
        expect(waits.map((wait) => [wait.service, wait.status])).toEqual([
          [`The CalDAV server 127.0.0.1:${new URL(proxy.url).port}`, 429],
          [`The CalDAV server 127.0.0.1:${new URL(proxy.url).port}`, 503],
        ]);
      } finally {
        await proxy.close();
      }
    });

    it('fails with a clear message when the server stays busy', async () => {
      const proxy = await startBusyProxy(radicale.url, () => ({ status: 503 }));
      try {
        await expect(
          source('Audits', `${proxy.url}${radicale.username}/`).events(EVERYTHING),
        ).rejects.toThrow(
          /^The CalDAV account at .+ could not be opened: The CalDAV server 127\.0\.0\.1:\d+ answered HTTP 503 Service Unavailable 5 times in a row; gave up, try again later$/,
        );
        // the well-known lookup gave up; the rest of the run did not wait the outage out again
        expect(proxy.exchanges).toHaveLength(5);
      } finally {
        await proxy.close();
      }
    });
  });
});
