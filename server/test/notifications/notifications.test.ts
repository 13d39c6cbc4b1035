import * as signalR from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../testkit/freePort';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { createNotificationsRepository } from '../../src/features/notifications/notificationsRepository';
import { ENGINES } from '../../testkit/engines';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

describe('notifications', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let calendar: string;

  beforeEach(async () => {
    calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bell-')), 'calendar.ics');
    t = await createTestApp({ CALENDAR_ICS: calendar });
    admin = (await t.login()).access_token;
    await t.users.create({
      email: 'u@example.com',
      fullName: 'U',
      role: 'User',
      passwordHash: await t.passwords.hash('users-password-1'),
    });
    user = (await t.login('u@example.com', 'users-password-1')).access_token;
  });
  afterEach(() => t.close());

  const bell = async (token: string, query = '') =>
    (await t.app.inject({ url: `/api/notifications${query}`, headers: bearer(token) })).json();
  const sync = () =>
    t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(admin), payload: MARCH }); // SYNC_ROLES

  it('tells everyone how a sync ended: a failure with its message, a success with its counts', async () => {
    fs.writeFileSync(calendar, 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n'); // broken
    expect((await sync()).json().success).toBe(false);
    fs.writeFileSync(calendar, icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]));
    expect((await sync()).json().success).toBe(true);

    for (const token of [admin, user]) {
      const page = await bell(token);
      expect(page).toMatchObject({ unreadCount: 2, total: 2, page: 1, pageSize: 20 });
      expect(page.items).toEqual([
        expect.objectContaining({
          kind: 'sync-succeeded',
          severity: 'success',
          title: 'Sync finished (started from the Sync screen)',
          message: expect.stringMatching(/^2025-03-01 to 2025-03-31: Synced 1 event: .*1 created/),
          link: '/sync',
          read: false,
        }),
        expect.objectContaining({
          kind: 'sync-failed',
          severity: 'error',
          title: 'Sync failed (started from the Sync screen)',
          message: expect.stringContaining('The calendar file could not be read'),
        }),
      ]);
    }
  });

  it('names the leads a sync leaves needing review and leads to them', async () => {
    const two = (summaries: [string, string]) =>
      icsCalendar([
        { uid: 'a', start: '20250304T140000Z', summary: summaries[0] },
        { uid: 'b', start: '20250305T140000Z', summary: summaries[1] },
      ]);
    fs.writeFileSync(calendar, two(['Jane Doe', 'Tom Lee']));
    await sync();
    // the office renames both; then the calendar does too: two conflicts
    for (const leadId of ['a', 'b']) {
      const [row] = await t.db.all<{ id: number; version: number }>(
        sql`SELECT id, version FROM leads WHERE lead_id = ${leadId}`,
      );
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${row!.id}`,
        headers: { ...bearer(admin), 'if-match': `"${row!.version}"` },
        payload: { customerName: `Office ${leadId}` },
      });
      expect(edited.statusCode).toBe(200);
    }
    fs.writeFileSync(calendar, two(['Jane Doe-Smith', 'Thomas Lee']));
    const result = (await sync()).json();
    expect(result.message).toMatch(/ 2 leads need review\.$/);

    const [latest] = (await bell(user)).items;
    expect(latest).toMatchObject({
      kind: 'sync-succeeded',
      title: 'Sync finished (started from the Sync screen): 2 leads need review',
      message: expect.stringMatching(/2 leads need review\.$/),
      link: '/leads?unformatted=shown&review=1',
    });
  });

  it('tells about runs of the schedule and the command line alike', async () => {
    fs.writeFileSync(calendar, icsCalendar([]));
    await t.services.sync.execute(MARCH, 'cli', null);
    await t.services.sync.execute(MARCH, 'schedule', null);
    const titles = (await bell(user)).items.map((item: { title: string }) => item.title);
    expect(titles).toEqual([
      'Sync finished (run on the schedule)',
      'Sync finished (run from the command line)',
    ]);
  });

  it('tells only the admins of access changes', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/grant',
      headers: bearer(admin),
      payload: { email: 'new@example.com', name: 'New Person', role: 'Manager' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/revoke',
      headers: bearer(admin),
      payload: { email: 'new@example.com' },
    });
    const adminBell = await bell(admin);
    expect(
      adminBell.items.map((item: { kind: string; title: string; link: string }) => [
        item.kind,
        item.title,
        item.link,
      ]),
    ).toEqual([
      ['access-revoked', 'Access revoked for new@example.com', '/user-management'],
      ['access-granted', 'Access granted to new@example.com', '/user-management'],
    ]);
    expect((await bell(user)).items).toEqual([]);
  });

  it('keeps read state per person, by ids or all at once', async () => {
    fs.writeFileSync(calendar, icsCalendar([]));
    await sync();
    await sync();
    const [newest] = (await bell(user)).items;
    const markOne = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(user),
      payload: { ids: [newest.id] },
    });
    expect(markOne.json()).toEqual({ unreadCount: 1 });
    expect((await bell(user)).items.map((item: { read: boolean }) => item.read)).toEqual([true, false]);
    expect((await bell(admin)).unreadCount).toBe(2); // the admin has read nothing
    const markAll = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(user),
      payload: { all: true },
    });
    expect(markAll.json()).toEqual({ unreadCount: 0 });
    // an id the user cannot see is ignored, not an error
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: bearer(user),
          payload: { ids: [999] },
        })
      ).json(),
    ).toEqual({ unreadCount: 0 });
  });

  it('pages newest first', async () => {
    fs.writeFileSync(calendar, icsCalendar([]));
    for (let i = 0; i < 5; i += 1) await sync();
    const first = await bell(user, '?page=1&pageSize=2');
    const third = await bell(user, '?page=3&pageSize=2');
    expect(first).toMatchObject({ total: 5, unreadCount: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(third.items).toHaveLength(1);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
  });

  it('forgets notifications older than 90 days', async () => {
    fs.writeFileSync(calendar, icsCalendar([]));
    await sync();
    await t.db.batch([
      sql`UPDATE notifications SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-91 days')`,
    ]);
    await sync();
    expect((await bell(user)).total).toBe(1);
  });

  it('pushes a new notification live to its recipients over the hub', async () => {
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    const connect = (token: string) =>
      new signalR.HubConnectionBuilder()
        .withUrl(`http://127.0.0.1:${port}/hubs/sync`, { accessTokenFactory: () => token })
        .configureLogging(signalR.LogLevel.None)
        .build();
    const userHub = connect(user);
    const added = new Promise<unknown>((resolve) => userHub.on('NotificationAdded', resolve));
    await userHub.start(); // no group to join: notifications go to the user's connections
    fs.writeFileSync(calendar, 'broken');
    await sync();
    expect(await added).toMatchObject({ kind: 'sync-failed', severity: 'error', read: false, link: '/sync' });

    // an access change reaches the admins only
    const adminHub = connect(admin);
    const adminHeard = new Promise<unknown>((resolve) => adminHub.on('NotificationAdded', resolve));
    const userHeard: unknown[] = [];
    userHub.on('NotificationAdded', (entry) => userHeard.push(entry));
    await adminHub.start();
    await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/grant',
      headers: bearer(admin),
      payload: { email: 'later@example.com' },
    });
    expect(await adminHeard).toMatchObject({ kind: 'access-granted' });
    expect(userHeard).toEqual([]);
    await userHub.stop();
    await adminHub.stop();
  });
});

describe.each(ENGINES)('notifications added at once on %s', (engine) => {
  it('answers each add with its own row, never another one inserted meanwhile', async () => {
    const t = await createTestApp({}, { engine });
    try {
      const repository = createNotificationsRepository(t.db);
      const entries = Array.from({ length: 12 }, (_, index) => ({
        kind: 'access-granted' as const,
        severity: 'info' as const,
        title: `Notification ${index}`,
        message: '',
        link: '/user-management',
        role: index % 2 === 0 ? ('Admin' as const) : null,
      }));
      const rows = await Promise.all(entries.map((entry) => repository.add(entry)));
      expect(rows.map((row) => [row.title, row.role])).toEqual(
        entries.map((entry) => [entry.title, entry.role]),
      );
    } finally {
      await t.close();
    }
  });
});
