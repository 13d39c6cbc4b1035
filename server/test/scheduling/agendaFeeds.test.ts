import ICAL from 'ical.js';
import { agendaFeeds } from '../../src/platform/db/schema';
import { ENGINES } from '../../testkit/engines';
import { lead } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const DAY_MS = 86_400_000;
/** Noon UTC, `days` from today: the same business day in New York. */
const dayFromNow = (days: number) => {
  const noon = new Date();
  noon.setUTCHours(17, 0, 0, 0);
  return new Date(noon.getTime() + days * DAY_MS).toISOString();
};

describe.each(ENGINES)('agenda feeds on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(
      {
        AUDITORS: 'Dana Smith, Alex Chen',
        CALENDAR_TIMEZONE: 'America/New_York',
        PUBLIC_URL: 'https://desk.example.com',
      },
      { engine },
    );
    admin = (await t.login()).access_token;
    await syncLeads(
      t,
      [
        lead({
          leadId: 'week-ago',
          auditor: 'Dana Smith',
          customerName: 'Last Week',
          scheduledDate: dayFromNow(-6),
        }),
        lead({
          leadId: 'too-old',
          auditor: 'Dana Smith',
          customerName: 'Too Old',
          scheduledDate: dayFromNow(-9),
        }),
        lead({
          leadId: 'soon',
          auditor: 'Dana Smith',
          customerName: 'Next Month',
          scheduledDate: dayFromNow(30),
        }),
        lead({
          leadId: 'too-far',
          auditor: 'Dana Smith',
          customerName: 'Too Far',
          scheduledDate: dayFromNow(62),
        }),
        lead({
          leadId: 'alex',
          auditor: 'Alex Chen',
          customerName: 'Not Dana',
          scheduledDate: dayFromNow(1),
        }),
      ],
      { from: 0, to: 0 },
      new Date().toISOString(),
    );
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/scheduling/agenda/feeds${url}`, headers: bearer(admin), payload });

  it('hands out a secret address whose calendar holds the past week and the next 60 days, until revoked', async () => {
    const created = await api('POST', '', { auditor: ' dana smith ' });
    expect(created.statusCode).toBe(201);
    const feed = created.json();
    expect(feed).toMatchObject({
      auditor: 'Dana Smith',
      createdBy: ADMIN.email,
      lastReadAt: null,
    });
    expect(feed.url).toMatch(/^https:\/\/desk\.example\.com\/api\/agenda-feed\/[A-Za-z0-9_-]{43}$/);

    // a calendar app reads it without signing in
    const path = new URL(feed.url).pathname;
    const read = await t.app.inject({ url: path });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const summaries = new ICAL.Component(ICAL.parse(read.body))
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event).summary);
    expect(summaries).toEqual(['Last Week', 'Next Month']);

    const [listed] = (await api('GET', '')).json();
    expect(listed).toMatchObject({ id: feed.id, auditor: 'Dana Smith' });
    expect(listed.lastReadAt).not.toBeNull();
    expect(listed).not.toHaveProperty('url');
    // only the secret's hash is kept
    const rows = await t.db.orm.select().from(agendaFeeds).all();
    expect(JSON.stringify(rows)).not.toContain(path.split('/').at(-1));

    expect((await api('DELETE', `/${feed.id}`)).statusCode).toBe(204);
    const gone = await t.app.inject({ url: path });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('This agenda feed does not exist or was revoked.');
    expect((await api('DELETE', `/${feed.id}`)).statusCode).toBe(404);
    expect((await api('GET', '')).json()).toEqual([]);
  });

  it('answers an unknown address like a revoked one, and refuses an auditor not configured', async () => {
    expect((await t.app.inject({ url: `/api/agenda-feed/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/agenda-feed/short' })).statusCode).toBe(404);
    const refused = await api('POST', '', { auditor: 'Pat Morgan' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Choose one of the auditors: Dana Smith, Alex Chen.');
    expect((await api('POST', '', { auditor: 'Dana Smith', extra: 1 })).statusCode).toBe(400);
  });
});
