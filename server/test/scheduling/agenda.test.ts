import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { leads } from '../../src/platform/db/schema';
import { ENGINES } from '../../testkit/engines';
import { lead } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const DANA = 'Dana Smith';

/**
 * Visits around Monday 3 March 2025 in New York (UTC-5), and the Sunday of the daylight-saving
 * change (9 March, UTC-4 from 2 a.m.): days are the business's days, not UTC's.
 */
const FIXTURE = [
  lead({
    leadId: 'late',
    auditor: DANA,
    customerName: 'Late Evening',
    scheduledDate: '2025-03-04T03:30:00.000Z',
  }),
  lead({
    leadId: 'morning',
    auditor: DANA,
    customerName: 'Morning, Visit',
    address: '12 Elm St, Salem, MA 01970',
    scheduledDate: '2025-03-03T14:00:00.000Z',
    endDate: '2025-03-03T15:30:00.000Z',
    comments: 'Dog in the yard; use the side door\nCall first',
    status: 'Completed',
  }),
  lead({
    leadId: 'early',
    auditor: 'dana smith',
    customerName: 'Early Bird',
    scheduledDate: '2025-03-03T13:00:00.000Z',
  }),
  lead({
    leadId: 'cancel',
    auditor: DANA,
    customerName: 'Called Off',
    status: 'cancelled',
    scheduledDate: '2025-03-03T16:00:00.000Z',
  }),
  lead({
    leadId: 'alex',
    auditor: 'Alex Chen',
    customerName: 'Not Dana',
    scheduledDate: '2025-03-03T15:00:00.000Z',
  }),
  lead({
    leadId: 'sunday-night',
    auditor: DANA,
    customerName: 'Sunday Night',
    scheduledDate: '2025-03-03T04:30:00.000Z',
  }),
  lead({
    leadId: 'unformatted',
    auditor: DANA,
    customerName: 'No Phone',
    phoneNumber: '',
    isFormatted: false,
    scheduledDate: '2025-03-03T18:00:00.000Z',
  }),
  lead({
    leadId: 'deleted',
    auditor: DANA,
    customerName: 'Deleted',
    scheduledDate: '2025-03-03T17:00:00.000Z',
  }),
  lead({
    leadId: 'dst-sunday',
    auditor: DANA,
    customerName: 'After The Change',
    scheduledDate: '2025-03-10T03:30:00.000Z',
  }),
];

describe.each(ENGINES)('the agenda on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(
      { CALENDAR_TIMEZONE: 'America/New_York', AUDITORS: 'Dana Smith, Alex Chen' },
      { engine },
    );
    token = (await t.login()).access_token;
    await syncLeads(t, FIXTURE, { from: 0, to: 0 }, '2025-01-01T00:00:00.000Z');
    await t.db.orm
      .update(leads)
      .set({ deletedAt: '2025-01-02T00:00:00.000Z' })
      .where(eq(leads.leadId, 'deleted'))
      .run();
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ url: `/api/scheduling/${path}`, headers: bearer(token) });

  it("lists one auditor's visits of a business day in time order; cancelled ones are only counted", async () => {
    const response = await get(`agenda?auditor=${encodeURIComponent(DANA)}&from=2025-03-03&to=2025-03-03`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      auditor: DANA,
      timeZone: 'America/New_York',
      from: '2025-03-03',
      to: '2025-03-03',
      cancelled: 1,
    });
    // 22:30 New York time is still Monday; 23:30 of Sunday (4:30 UTC on Monday) is not
    expect(body.visits.map((visit: { customerName: string }) => visit.customerName)).toEqual([
      'Early Bird',
      'Morning, Visit',
      'No Phone',
      'Late Evening',
    ]);
    expect(body.visits.every((visit: { day: string }) => visit.day === '2025-03-03')).toBe(true);
    expect(body.visits[1]).toMatchObject({
      address: '12 Elm St, Salem, MA 01970',
      endDate: '2025-03-03T15:30:00.000Z',
      status: 'Completed',
      phoneNumber: '(617) 555-0142',
    });
  });

  it('places a visit on its day across a daylight-saving change', async () => {
    const body = (
      await get(`agenda?auditor=${encodeURIComponent(DANA)}&from=2025-03-03&to=2025-03-09`)
    ).json();
    expect(body.visits.map((visit: { day: string }) => visit.day)).toEqual([
      '2025-03-03',
      '2025-03-03',
      '2025-03-03',
      '2025-03-03',
      '2025-03-09',
    ]);
    const days = (
      await get(`agenda?auditor=${encodeURIComponent(DANA)}&from=2025-03-02&to=2025-03-02`)
    ).json();
    expect(days.visits.map((visit: { customerName: string }) => visit.customerName)).toEqual([
      'Sunday Night',
    ]);
  });

  it.each([
    ['from=2025-03-03&to=2025-03-03', 'Choose an auditor'],
    [`auditor=${DANA}&from=2025-03-04&to=2025-03-03`, 'The start date is after the end date.'],
    [`auditor=${DANA}&from=2025-03-01&to=2025-04-01`, 'Choose at most 31 days.'],
    [`auditor=${DANA}&from=2025-02-30&to=2025-03-01`, 'This date does not exist.'],
    [`auditor=${DANA}&from=2025-03-01&to=2025-03-01&limit=5`, 'limit'],
  ])('refuses %s with a problem that says why', async (query, message) => {
    const response = await get(`agenda?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toContain(message);
  });

  it('exports the same visits as an iCalendar file that ical.js reads back', async () => {
    const response = await get(
      `agenda.ics?auditor=${encodeURIComponent(DANA)}&from=2025-03-03&to=2025-03-09`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="agenda-Dana-Smith-2025-03-03-to-2025-03-09.ics"',
    );
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).toMatch(/END:VCALENDAR\r\n$/);
    const events = new ICAL.Component(ICAL.parse(response.body))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    const agenda = (
      await get(`agenda?auditor=${encodeURIComponent(DANA)}&from=2025-03-03&to=2025-03-09`)
    ).json();
    expect(events.map((event) => event.summary)).toEqual(
      agenda.visits.map((visit: { customerName: string }) => visit.customerName),
    );
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual(
      agenda.visits.map((visit: { scheduledDate: string }) => visit.scheduledDate),
    );
    const morning = events[1]!;
    expect(morning.uid).toBe(`lead-${agenda.visits[1].id}@auditdesk`);
    expect(morning.location).toBe('12 Elm St, Salem, MA 01970');
    expect(morning.endDate.toJSDate().toISOString()).toBe('2025-03-03T15:30:00.000Z');
    expect(morning.description).toContain('Comments: Dog in the yard; use the side door\nCall first');
    expect(morning.description).toContain('Status: Completed');
    // without an end time a visit lasts an hour
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2025-03-03T14:00:00.000Z');
  });

  it('answers a day without visits with an empty agenda and a calendar without events', async () => {
    const body = (await get('agenda?auditor=Alex%20Chen&from=2025-03-05&to=2025-03-05')).json();
    expect(body).toMatchObject({ visits: [], cancelled: 0 });
    const ics = await get('agenda.ics?auditor=Alex%20Chen&from=2025-03-05&to=2025-03-05');
    expect(new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent')).toHaveLength(0);
  });

  // issue 35, item 6: the auditor came from the link into X-WR-CALNAME as it was
  it('takes only a configured auditor, in any case, and refuses any other name, a crafted one too', async () => {
    const any = (await get('agenda?auditor=DANA%20smith&from=2025-03-03&to=2025-03-03')).json();
    expect(any.auditor).toBe(DANA);
    const file = await get('agenda.ics?auditor=dana%20smith&from=2025-03-03&to=2025-03-03');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="agenda-Dana-Smith-2025-03-03.ics"',
    );
    expect(file.body).toContain('X-WR-CALNAME:Dana Smith · 2025-03-03 – 2025-03-03\r\n');
    for (const path of [
      'agenda?auditor=Nobody&from=2025-03-03&to=2025-03-03',
      'agenda.ics?auditor=Nobody&from=2025-03-03&to=2025-03-03',
      'agenda.ics?auditor=Sam%0D%0ABEGIN:VEVENT%0D%0AUID:evil%0D%0ASUMMARY:Pay%20here%0D%0AEND:VEVENT&from=2025-03-03&to=2025-03-03',
    ]) {
      const refused = await get(path);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('Choose one of the auditors: Dana Smith, Alex Chen.');
      expect(refused.body).not.toContain('BEGIN:VEVENT');
    }
  });
});
