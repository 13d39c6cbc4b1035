import ICAL from 'ical.js';
import { Writable } from 'node:stream';
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

  // issue 35, item 7: a feed kept answering after the Manager who made it was deactivated
  it('stops answering once its maker is deactivated or no longer Admin or Manager, and for good once deleted', async () => {
    const email = `kim.${engine}@example.com`;
    const kim = await t.users.create({
      email,
      fullName: 'Kim Manager',
      role: 'Manager',
      passwordHash: await t.passwords.hash('kim-password-123'),
    });
    const kimToken = (await t.login(email, 'kim-password-123')).access_token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/scheduling/agenda/feeds',
      headers: bearer(kimToken),
      payload: { auditor: 'Dana Smith' },
    });
    expect(made.statusCode).toBe(201);
    const { id, url } = made.json();
    const read = async () => (await t.app.inject({ url: new URL(url).pathname })).statusCode;
    const answering = async () =>
      (await api('GET', '')).json().find((feed: { id: number }) => feed.id === id)?.answering;
    const asAdmin = (method: 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({ method, url: `/api/user/${kim.id}${path}`, headers: bearer(admin), payload });
    expect([await read(), await answering()]).toEqual([200, true]);

    expect((await asAdmin('PUT', '/status', { isActive: false })).statusCode).toBe(200);
    expect([await read(), await answering()]).toEqual([404, false]);
    // access given back: the feed (never revoked) answers again
    expect((await asAdmin('PUT', '/status', { isActive: true })).statusCode).toBe(200);
    expect(await read()).toBe(200);

    expect((await asAdmin('PUT', '/role', { role: 'User' })).statusCode).toBe(200);
    expect([await read(), await answering()]).toEqual([404, false]);
    expect((await asAdmin('PUT', '/role', { role: 'Admin' })).statusCode).toBe(200);
    expect(await read()).toBe(200);

    // deleted, then someone given an account with the same address: another person, no feed
    expect((await asAdmin('DELETE', '')).statusCode).toBe(204);
    expect(await read()).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.users.create({ email, fullName: 'Kim Again', role: 'Manager', passwordHash: null });
    expect([await read(), await answering()]).toEqual([404, false]);
  });
});

describe('an agenda feed in the request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ AUDITORS: 'Dana Smith, Alex Chen', LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  // issue 35, item 7: every read was logged with its whole path, the token being the permission
  it('names the feed by its id, never by its secret address', async () => {
    const admin = (await t.login()).access_token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/scheduling/agenda/feeds',
      headers: bearer(admin),
      payload: { auditor: 'Dana Smith' },
    });
    const { id, url } = created.json();
    const token = new URL(url).pathname.split('/').at(-1)!;
    lines.length = 0;
    expect((await t.app.inject({ url: `/api/agenda-feed/${token}?x=1` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/agenda-feed/${'y'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/agenda-feed/${token}/more` })).statusCode).toBe(404);

    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('y'.repeat(43));
    const paths = lines.flatMap((line) => {
      const req = line.req as { path?: string } | undefined;
      return req?.path ? [req.path] : [];
    });
    expect(paths).toEqual([
      '/api/agenda-feed/[redacted]',
      '/api/agenda-feed/[redacted]',
      '/api/agenda-feed/[redacted]/more',
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request completed', feedId: id, res: { statusCode: 200 } }),
    );
  });
});
