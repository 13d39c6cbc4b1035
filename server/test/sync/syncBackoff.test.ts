import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';
import { openDatabase } from '../../src/platform/db/openDatabase';
import { createLeadsRepository } from '../../src/features/leads/repository/leadsRepository';
import { freshRun } from '../../testkit/builders/freshRun';
import type { CalendarSource } from '../../src/features/calendar/calendarEvent';
import { createCaldavCalendarSource } from '../../src/features/calendar/caldav/caldavCalendarSource';
import { createGoogleCalendarSource } from '../../src/features/calendar/google/googleCalendarSource';
import { createIcsCalendarSource } from '../../src/features/calendar/ics/icsCalendarSource';
import { createMicrosoftGraphSource } from '../../src/features/calendar/microsoft/microsoftGraphSource';
import { runSync } from '../../src/features/sync/engine/runSync';
import type { StepId, SyncProgress } from '../../src/features/sync/engine/syncProgress';
import { createGoogleSheetsSpreadsheet } from '../../src/features/sync/spreadsheet/googleSheetsSpreadsheet';
import type { SpreadsheetSink } from '../../src/features/sync/spreadsheet/spreadsheetSink';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { HEADER } from '../../src/features/sync/spreadsheet/sheetLayout';
import { startBusyProxy } from '../../testkit/servers/busyProxy';
import { startFakeGoogleApi, testGoogleAuth } from '../../testkit/fakes/fakeGoogleApi';
import {
  refuseFirst,
  startFakeHttpApi,
  type FakeHandler,
  type Refusal,
} from '../../testkit/fakes/fakeHttpApi';
import { graphEvent, graphSettings, microsoftGraphHandler } from '../../testkit/fakes/fakeMicrosoftGraph';
import { fakeSheets } from '../../testkit/fakes/fakeSheets';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startRadicale, type RadicaleServer } from '../../testkit/servers/radicale';
import { testClock } from '../../testkit/testClock';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const AUDITORS = ['Sam Rivera', 'Alex Chen'];
const EVENTS = [
  { uid: 'a@test', start: '20250304T140000Z', summary: 'Jane Doe' },
  { uid: 'b@test', start: '20250311T140000Z', summary: 'John Roe' },
];
const RECOVERS: Refusal[] = [{ status: 429, retryAfter: '2' }, { status: 503 }];
const NEVER: Refusal[] = Array.from({ length: 10 }, () => ({ status: 503, retryAfter: '1' }));

/** What a run tells its watchers, kept for the assertions. */
function recordedProgress() {
  const steps: [StepId, string][] = [];
  const errors: string[] = [];
  const progress: SyncProgress = {
    syncStarted: () => {},
    stepStarted: () => {},
    stepProgress: (step, _percentage, message) => steps.push([step, message]),
    stepCompleted: () => {},
    syncCompleted: () => {},
    syncError: (error) => errors.push(error),
  };
  return { progress, steps, errors };
}

const googleCalendarAnswer: FakeHandler = () => ({
  body: {
    items: EVENTS.map((event) => ({
      id: event.uid,
      iCalUID: event.uid,
      status: 'confirmed',
      summary: event.summary,
      description: 'Auditor: Sam Rivera<br>House Type: 2 Family',
      start: {
        dateTime: `${event.start.slice(0, 4)}-${event.start.slice(4, 6)}-${event.start.slice(6, 8)}T14:00:00Z`,
      },
    })),
  },
});

const graphAnswer = microsoftGraphHandler({
  calendarView: EVENTS.map((event) =>
    graphEvent({
      id: event.uid,
      iCalUId: event.uid,
      subject: event.summary,
      start: {
        dateTime: `${event.start.slice(0, 4)}-${event.start.slice(4, 6)}-${event.start.slice(6, 8)}T14:00:00.0000000`,
        timeZone: 'UTC',
      },
    }),
  ),
});

describe('a run whose remote API is busy', () => {
  let dir: string;
  let db: Database;
  let radicale: RadicaleServer;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('audits', 'Audits');
    for (const event of EVENTS)
      await radicale.putEvent(calendarUrl, `${event.uid}.ics`, icsCalendar([event]));
  }, 60_000);
  afterAll(() => radicale.stop());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-backoff-'));
    db = await openDatabase({ databasePath: path.join(dir, 'auditdesk.db') });
  });
  afterEach(async () => {
    while (closers.length > 0) await closers.pop()!();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const xlsxPath = () => path.join(dir, 'leads.xlsx');
  const leadCount = async () => (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads`))[0]!.n;

  /** Each remote calendar, answering `refusals` first and then the two events. */
  const calendars: Record<string, (refusals: Refusal[]) => Promise<CalendarSource>> = {
    'Google Calendar': async (refusals) => {
      const api = await startFakeGoogleApi(refuseFirst(refusals, googleCalendarAnswer));
      closers.push(api.close);
      const auth = await testGoogleAuth();
      return createGoogleCalendarSource({
        auth,
        calendarId: 'primary',
        rootUrl: api.rootUrl,
        retry: { clock: testClock().clock },
      });
    },
    'Microsoft Graph': async (refusals) => {
      const api = await startFakeHttpApi(refuseFirst(refusals, graphAnswer));
      closers.push(api.close);
      return createMicrosoftGraphSource({
        ...graphSettings(api.rootUrl),
        retry: { clock: testClock().clock },
      });
    },
    'The CalDAV server': async (refusals) => {
      const queue = [...refusals];
      const proxy = await startBusyProxy(radicale.url, () => queue.shift() ?? null);
      closers.push(proxy.close);
      return createCaldavCalendarSource({
        url: `${proxy.url}${radicale.username}/`,
        username: radicale.username,
        password: radicale.password,
        calendar: 'Audits',
        defaultZone: 'UTC',
        retry: { clock: testClock().clock },
      });
    },
  };

  describe.each(Object.keys(calendars))('%s', (service) => {
    it('is waited out, the progress saying so, and the run succeeds', async () => {
      const { progress, steps } = recordedProgress();
      const outcome = await runSync(
        {
          leads: createLeadsRepository(db),
          source: await calendars[service]!(RECOVERS),
          spreadsheet: createXlsxSpreadsheet(xlsxPath()),
          auditors: AUDITORS,
          limits: DEFAULT_CALENDAR_LIMITS,
        },
        await freshRun(db, MARCH),
        progress,
      );
      expect(outcome).toMatchObject({ success: true, eventsCreated: 2 });
      const waiting = steps.filter(([, message]) => message.includes('waiting'));
      expect(waiting).toEqual([
        [
          'calendar',
          expect.stringMatching(
            new RegExp(
              `^${service}.* answered HTTP 429 Too Many Requests; waiting 2\\ss before attempt 2 of 5$`,
            ),
          ),
        ],
        [
          'calendar',
          expect.stringMatching(
            /answered HTTP 503 Service Unavailable; waiting \d+\ss before attempt 3 of 5$/,
          ),
        ],
      ]);
      expect(await leadCount()).toBe(2);
    });

    it('fails the run with a clear message when it never recovers, writing nothing', async () => {
      const { progress, errors } = recordedProgress();
      const outcome = await runSync(
        {
          leads: createLeadsRepository(db),
          source: await calendars[service]!(NEVER),
          spreadsheet: createXlsxSpreadsheet(xlsxPath()),
          auditors: AUDITORS,
          limits: DEFAULT_CALENDAR_LIMITS,
        },
        await freshRun(db, MARCH),
        progress,
      );
      expect(outcome.success).toBe(false);
      expect(outcome.message).toMatch(
        /answered HTTP 503 Service Unavailable 5 times in a row; gave up, try again later$/,
      );
      expect(errors).toEqual([outcome.message]);
      expect(await leadCount()).toBe(0);
      expect(fs.existsSync(xlsxPath())).toBe(false);
    });
  });

  describe('Google Sheets', () => {
    async function sheetsSink(handler: FakeHandler): Promise<SpreadsheetSink> {
      const api = await startFakeGoogleApi(handler);
      closers.push(api.close);
      return createGoogleSheetsSpreadsheet({
        auth: await testGoogleAuth(),
        spreadsheetId: 'sheet-1',
        rootUrl: api.rootUrl,
        retry: { clock: testClock().clock },
      });
    }
    const icsSource = () => {
      fs.writeFileSync(path.join(dir, 'calendar.ics'), icsCalendar(EVENTS));
      return createIcsCalendarSource(path.join(dir, 'calendar.ics'), 'UTC');
    };

    it('is waited out, the progress saying so, and the run succeeds', async () => {
      const sheets = fakeSheets({ Leads: [], Unformatted: [] });
      const { progress, steps } = recordedProgress();
      const outcome = await runSync(
        {
          leads: createLeadsRepository(db),
          source: icsSource(),
          spreadsheet: await sheetsSink(refuseFirst(RECOVERS, sheets.handler)),
          auditors: AUDITORS,
          limits: DEFAULT_CALENDAR_LIMITS,
        },
        await freshRun(db, MARCH),
        progress,
      );
      expect(outcome).toMatchObject({ success: true, eventsCreated: 2 });
      expect(steps.filter(([, message]) => message.includes('waiting')).map(([step]) => step)).toEqual([
        'spreadsheet',
        'spreadsheet',
      ]);
      expect(sheets.sheets.Leads).toHaveLength(3);
      expect(await leadCount()).toBe(2);
    });

    it('fails the run with a clear message when it never recovers, writing nothing', async () => {
      const sheets = fakeSheets({ Leads: [[...HEADER], ['kept']], Unformatted: [] });
      const busyWrites: FakeHandler = (request) =>
        request.method === 'POST'
          ? { status: 503, headers: { 'retry-after': '1' }, body: {} }
          : sheets.handler(request);
      const { progress } = recordedProgress();
      const outcome = await runSync(
        {
          leads: createLeadsRepository(db),
          source: icsSource(),
          spreadsheet: await sheetsSink(busyWrites),
          auditors: AUDITORS,
          limits: DEFAULT_CALENDAR_LIMITS,
        },
        await freshRun(db, MARCH),
        progress,
      );
      expect(outcome.success).toBe(false);
      expect(outcome.message).toBe(
        'Google Sheets sheet-1: writing the rows failed: Google Sheets answered HTTP 503 Service Unavailable 5 times in a row; gave up, try again later',
      );
      expect(sheets.sheets.Leads).toEqual([[...HEADER], ['kept']]);
      expect(await leadCount()).toBe(0);
    });
  });
});
