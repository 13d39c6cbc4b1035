import type { Agenda, LeadDetail, LeadHistoryEntry, LeadResource } from '@auditdesk/shared/core';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { ENGINES } from '../../testkit/engines';
import { signInEveryRole } from '../../testkit/roleSessions';
import { startRadicale, type RadicaleServer } from '../../testkit/servers/radicale';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { eventually } from '../../testkit/eventually';
import { csvOf, importRequest } from '../../testkit/clients/importForm';
import { testClock } from '../../testkit/testClock';

// Issue 37 item 1: a lead whose time is a day (`allDay`, event-format.md) keeps its day through
// the sync, the API, an import, the sheet, the agenda and write-back, in a business zone where
// 00:00 UTC is the evening before (New York).

const DECEMBER = { startDate: '2026-11-01', endDate: '2026-12-31' };
const CRLF = '\r\n';
const vcalendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Auditdesk tests//EN', ...lines, 'END:VCALENDAR', ''].join(
    CRLF,
  );
const event = (uid: string, summary: string, ...times: string[]) =>
  vcalendar(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T120000Z',
    ...times,
    `SUMMARY:${summary}`,
    'DESCRIPTION:Auditor: Dana Smith\\nHouse Type: Single Family\\nPhone: (617) 555-0142',
    'END:VEVENT',
  );
/** An all-day visit on Tuesday 1 December 2026. */
const ALL_DAY = event(
  'day-1@example.com',
  'Ada Day',
  'DTSTART;VALUE=DATE:20261201',
  'DTEND;VALUE=DATE:20261202',
);
/** A visit at 9:00 in New York on Wednesday 2 December 2026. */
const TIMED = event('timed-1@example.com', 'Tim Ed', 'DTSTART:20261202T140000Z', 'DTEND:20261202T150000Z');

const vevent = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics) as unknown[]).getFirstSubcomponent('vevent')!;
const QUICK = {
  policy: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 20, maxDelayMs: 50 },
  pollMs: 50,
};

describe.each(ENGINES)('a lead whose time is a day, on %s', (engine) => {
  let radicale: RadicaleServer;
  let calendarUrl: string;
  let t: TestApp;
  let token: string;
  let counter = 0;

  beforeAll(async () => {
    radicale = await startRadicale();
  }, 60_000);
  afterAll(() => radicale.stop());
  beforeEach(async () => {
    const slug = `allday-${engine}-${++counter}`;
    calendarUrl = await radicale.createCalendar(slug, slug);
    t = await createTestApp(
      {
        CALENDAR_SOURCE: 'caldav',
        CALDAV_URL: radicale.accountUrl,
        CALDAV_USERNAME: radicale.username,
        CALDAV_PASSWORD: radicale.password,
        CALDAV_CALENDAR: slug,
        CALENDAR_WRITE_BACK: 'on',
        CALENDAR_TIMEZONE: 'America/New_York',
        AUDITORS: 'Dana Smith, Alex Chen',
      },
      { engine, writeBack: { ...QUICK, retry: { clock: testClock().clock } } },
    );
    token = (await signInEveryRole(t)).Manager!;
  });
  afterEach(() => t?.close());

  const request = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const sync = async () =>
    expect(await t.services.sync.execute(DECEMBER, 'cli', null)).toMatchObject({ success: true });
  const leadOf = async (leadId: string) => {
    const [row] = await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`);
    return (await request('GET', `/api/leads/${row!.id}`)).json<LeadDetail>();
  };
  const calendarObject = async (name: string) => {
    const response = await fetch(`${calendarUrl}${name}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
      },
    });
    return response.text();
  };
  /** Waits until no write-back is left to make. */
  const allWritten = () =>
    eventually(
      async () => {
        const [row] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM calendar_writes`);
        expect(row!.n).toBe(0);
      },
      { attempts: 200, delayMs: 50 },
    );

  it('reads an all-day event as its day: stored, answered, on the sheet and in the agenda on that day', async () => {
    expect((await radicale.putEvent(calendarUrl, 'day.ics', ALL_DAY)).status).toBe(201);
    expect((await radicale.putEvent(calendarUrl, 'timed.ics', TIMED)).status).toBe(201);
    await sync();

    const day = await leadOf('day-1@example.com');
    expect(day).toMatchObject({ scheduledDate: '2026-12-01T00:00:00.000Z', allDay: true, week: 1 });
    expect((await leadOf('timed-1@example.com')).allDay).toBe(false);
    const [stored] = await t.db.all<{ allDay: number }>(
      sql`SELECT all_day AS allDay FROM leads WHERE lead_id = 'day-1@example.com'`,
    );
    expect(stored!.allDay).toBe(1);

    // the sheet: the day's date alone, and the column that says it is a day
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(t.config.spreadsheet.path);
    const sheet = workbook.getWorksheet('Leads')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const rowOf = (leadId: string) =>
      rows
        .find((row) => row?.[1] === leadId)!
        .slice(1)
        .map((cell) => String(cell ?? ''));
    const cell = (leadId: string, name: string) => rowOf(leadId)[header.indexOf(name)] ?? '';
    expect(cell('day-1@example.com', 'scheduledDate')).toBe('2026-12-01');
    expect(cell('day-1@example.com', 'allDay')).toBe('true');
    expect(cell('timed-1@example.com', 'scheduledDate')).toBe('2026-12-02T14:00:00.000Z');
    expect(cell('timed-1@example.com', 'allDay')).toBe('');

    // the agenda of 1 December lists it (00:00 UTC is 30 November in New York), all day
    const agenda = (
      await request('GET', '/api/scheduling/agenda?auditor=Dana%20Smith&from=2026-11-30&to=2026-12-01')
    ).json<Agenda>();
    expect(agenda.visits.map((visit) => [visit.customerName, visit.day, visit.allDay])).toEqual([
      ['Ada Day', '2026-12-01', true],
    ]);
    const file = await request(
      'GET',
      '/api/scheduling/agenda.ics?auditor=Dana%20Smith&from=2026-12-01&to=2026-12-02',
    );
    expect(file.body).toContain('DTSTART;VALUE=DATE:20261201');
    expect(file.body).toContain('DTEND;VALUE=DATE:20261202');

    // the next sync has nothing to rewrite
    await sync();
    expect((await leadOf('day-1@example.com')).version).toBe(day.version);
  });

  it('takes a date sent or imported without a time as a day, and a time as an instant', async () => {
    const created = await request('POST', '/api/leads', {
      customerName: 'Typed Day',
      scheduledDate: '2026-12-01',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<LeadResource>()).toMatchObject({
      scheduledDate: '2026-12-01T00:00:00.000Z',
      allDay: true,
    });
    const id = created.json<LeadResource>().id;
    const timed = await request('PATCH', `/api/leads/${id}`, { scheduledDate: '2026-12-01T15:00:00-05:00' });
    expect(timed.json<LeadResource>()).toMatchObject({
      scheduledDate: '2026-12-01T20:00:00.000Z',
      allDay: false,
    });
    const back = await request('PATCH', `/api/leads/${id}`, { scheduledDate: '2026-12-03' });
    expect(back.json<LeadResource>()).toMatchObject({
      scheduledDate: '2026-12-03T00:00:00.000Z',
      allDay: true,
    });
    // the history holds a day as its date, an instant as itself
    const history = (await request('GET', `/api/leads/${id}/history`)).json<{ items: LeadHistoryEntry[] }>();
    expect(
      history.items
        .filter((entry) => entry.field === 'scheduledDate')
        .map((entry) => [entry.oldValue, entry.newValue]),
    ).toEqual(
      expect.arrayContaining([
        ['2026-12-01', '2026-12-01T20:00:00.000Z'],
        ['2026-12-01T20:00:00.000Z', '2026-12-03'],
      ]),
    );
    expect((await request('PATCH', `/api/leads/${id}`, { scheduledDate: '2026-02-30' })).statusCode).toBe(
      400,
    );

    const form = await importRequest('/api/leads/import', {
      name: 'days.csv',
      content: csvOf([
        ['Customer Name', 'Scheduled Date'],
        ['Imported Day', '12/01/2026'],
        ['Imported Time', '12/01/2026 10:30 AM'],
      ]),
    });
    const imported = await t.app.inject({ ...form, headers: { ...form.headers, ...bearer(token) } });
    expect(imported.statusCode).toBe(200);
    const all = (await request('GET', '/api/leads')).json<LeadResource[]>();
    const byName = (name: string) => all.find((lead) => lead.customerName === name);
    expect(byName('Imported Day')).toMatchObject({ scheduledDate: '2026-12-01T00:00:00.000Z', allDay: true });
    expect(byName('Imported Time')).toMatchObject({
      scheduledDate: '2026-12-01T15:30:00.000Z',
      allDay: false,
    });

    // the undo of the import's changes puts a day back as a day
    const again = await importRequest('/api/leads/import', {
      name: 'moved.csv',
      content: csvOf([
        ['Lead ID', 'Scheduled Date'],
        [byName('Imported Day')!.leadId, '2026-12-09 09:00'],
      ]),
    });
    const moved = await t.app.inject({ ...again, headers: { ...again.headers, ...bearer(token) } });
    expect((await leadOf(byName('Imported Day')!.leadId)).allDay).toBe(false);
    const undo = await request('POST', `/api/lead-actions/${moved.json().actionId}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(await leadOf(byName('Imported Day')!.leadId)).toMatchObject({
      scheduledDate: '2026-12-01T00:00:00.000Z',
      allDay: true,
    });
  });

  it('writes a day back as an all-day event (VALUE=DATE), and the next sync agrees with it', async () => {
    expect((await radicale.putEvent(calendarUrl, 'day.ics', ALL_DAY)).status).toBe(201);
    expect((await radicale.putEvent(calendarUrl, 'timed.ics', TIMED)).status).toBe(201);
    await sync();

    // the all-day visit moved to another day; the timed one made a day
    const day = await leadOf('day-1@example.com');
    expect((await request('PATCH', `/api/leads/${day.id}`, { scheduledDate: '2026-12-03' })).statusCode).toBe(
      200,
    );
    const timed = await leadOf('timed-1@example.com');
    expect(
      (await request('PATCH', `/api/leads/${timed.id}`, { scheduledDate: '2026-12-04' })).statusCode,
    ).toBe(200);
    await allWritten();

    const moved = vevent(await calendarObject('day.ics'));
    expect(moved.getFirstProperty('dtstart')!.toICALString()).toBe('DTSTART;VALUE=DATE:20261203');
    expect(moved.getFirstProperty('dtend')!.toICALString()).toBe('DTEND;VALUE=DATE:20261204');
    const madeDay = vevent(await calendarObject('timed.ics'));
    expect(madeDay.getFirstProperty('dtstart')!.toICALString()).toBe('DTSTART;VALUE=DATE:20261204');
    expect(madeDay.getFirstProperty('dtend')!.toICALString()).toBe('DTEND;VALUE=DATE:20261205');

    // read back: the office values went (the calendar says the same), nothing to review
    for (const leadId of ['day-1@example.com', 'timed-1@example.com']) {
      const lead = await leadOf(leadId);
      expect(lead).toMatchObject({ allDay: true, needsReview: false, officeValues: [] });
    }
    await sync();
    expect(await leadOf('timed-1@example.com')).toMatchObject({
      scheduledDate: '2026-12-04T00:00:00.000Z',
      allDay: true,
      needsReview: false,
    });
  });
});
