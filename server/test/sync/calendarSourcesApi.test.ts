import { sql } from 'drizzle-orm';
import { startFakeHttpApi } from '../../testkit/fakes/fakeHttpApi';
import { graphEvent, microsoftGraphHandler, MS_APP } from '../../testkit/fakes/fakeMicrosoftGraph';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startRadicale } from '../../testkit/servers/radicale';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

async function syncMarch(t: TestApp) {
  const token = (await t.login()).access_token;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/execute',
    headers: bearer(token),
    payload: MARCH,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const storedLeads = (t: TestApp) =>
  t.db.all(sql`SELECT lead_id AS leadId, customer_name AS customerName, status FROM leads ORDER BY lead_id`);

/** The settings as an operator writes them, through the whole app. */
describe('POST /api/sync/execute with the other calendar sources', () => {
  it('CALENDAR_SOURCE=caldav reads the named calendar of the account', async () => {
    const radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('audits', 'Audits');
    await radicale.createCalendar('personal', 'Personal');
    await radicale.putEvent(
      calendarUrl,
      'a.ics',
      icsCalendar([{ uid: 'caldav-1@test', start: '20250304T140000Z', summary: 'Jane Doe' }]),
    );
    await radicale.putEvent(
      calendarUrl,
      'b.ics',
      icsCalendar([
        { uid: 'caldav-2@test', start: '20250305T140000Z', summary: 'John Roe', status: 'CANCELLED' },
      ]),
    );
    const t = await createTestApp({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: radicale.accountUrl,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      CALDAV_CALENDAR: 'Audits',
    });
    try {
      expect(await syncMarch(t)).toMatchObject({ success: true, eventsCreated: 2 });
      expect(await storedLeads(t)).toEqual([
        { leadId: 'caldav-1@test', customerName: 'Jane Doe', status: 'Scheduled' },
        { leadId: 'caldav-2@test', customerName: 'John Roe', status: 'Cancelled' },
      ]);
    } finally {
      await t.close();
      await radicale.stop();
    }
  }, 30_000);

  it('CALENDAR_SOURCE=microsoft reads the user’s calendar through Graph', async () => {
    const graph = await startFakeHttpApi(
      microsoftGraphHandler({
        calendarView: [
          graphEvent({ id: 'g1', iCalUId: 'graph-1', subject: 'Jane Doe' }),
          graphEvent({ id: 'g2', iCalUId: 'graph-2', subject: 'John Roe', isCancelled: true }),
        ],
      }),
    );
    const t = await createTestApp({
      CALENDAR_SOURCE: 'microsoft',
      MS_TENANT_ID: MS_APP.tenantId,
      MS_CLIENT_ID: MS_APP.clientId,
      MS_CLIENT_SECRET: MS_APP.clientSecret,
      MS_CALENDAR_USER: MS_APP.calendarUser,
      MS_LOGIN_ROOT: graph.rootUrl,
      MS_GRAPH_ROOT: `${graph.rootUrl}v1.0`,
    });
    try {
      expect(await syncMarch(t)).toMatchObject({ success: true, eventsCreated: 2 });
      expect(await storedLeads(t)).toEqual([
        { leadId: 'graph-1', customerName: 'Jane Doe', status: 'Scheduled' },
        { leadId: 'graph-2', customerName: 'John Roe', status: 'Cancelled' },
      ]);
    } finally {
      await t.close();
      await graph.close();
    }
  });
});
