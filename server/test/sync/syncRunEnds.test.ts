import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { INTERRUPTED } from '../../src/features/sync/runs/syncRunsRepository';
import { eventually } from '../../testkit/eventually';
import { freePort } from '../../testkit/freePort';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

// Issue 18, items 14 and 15: every run's end is recorded and announced, whoever ends it.
describe('a run whose lease ran out', () => {
  let t: TestApp;
  let hub: signalR.HubConnection;
  const heard: { event: string; args: unknown[] }[] = [];
  afterAll(async () => {
    await hub?.stop();
    await t?.close();
  });

  it('is failed by the instance that finds it, which tells the hub and the bells', async () => {
    t = await createTestApp({ SYNC_LEASE_SECONDS: '5' });
    const token = (await t.login()).access_token;
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    hub = new signalR.HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/hubs/sync`, { accessTokenFactory: () => token })
      .configureLogging(signalR.LogLevel.None)
      .build();
    for (const event of ['SyncError', 'SyncCompleted'])
      hub.on(event, (...args: unknown[]) => heard.push({ event, args }));
    await hub.start();
    await hub.invoke('JoinSyncGroup');

    // what an instance killed mid-run leaves: a running row nobody renews
    await t.db.batch([
      sql`INSERT INTO sync_runs (status, trigger, start_date, end_date, source, sink, owner, started_at, heartbeat_at, progress_at)
        VALUES ('running', 'schedule', '2025-03-01', '2025-03-31', 'calendar file demo.ics', 'spreadsheet leads.xlsx', 'gone:1',
          '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    ]);
    const status = await t.app.inject({ url: '/api/sync/status', headers: bearer(token) });
    expect(status.json()).toMatchObject({ isRunning: false });

    // each event names the run it is about, last
    const [{ id }] = (await t.db.all<{ id: number }>(sql`SELECT id FROM sync_runs`)) as [{ id: number }];
    await eventually(() =>
      expect(heard).toEqual([
        { event: 'SyncError', args: [INTERRUPTED, id] },
        { event: 'SyncCompleted', args: [false, INTERRUPTED, 0, id] },
      ]),
    );
    const bell = await t.app.inject({ url: '/api/notifications', headers: bearer(token) });
    expect(JSON.stringify(bell.json())).toContain(`2025-03-01 to 2025-03-31: ${INTERRUPTED}`);
  });
});

describe('the end of a failed run that the database first refuses', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is asked again past the request policy: recorded with its cause, told to the bells, the lock free', async () => {
    const missing = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-end-')), 'absent.ics');
    t = await createTestApp({ CALENDAR_ICS: missing }, { engine: 'd1' });
    const token = (await t.login()).access_token;
    const isEndWrite = (call: { sql: string[] }) =>
      /^update "sync_runs" set/.test(call.sql[0] ?? '') && call.sql[0]!.includes('"events_processed" = ?');
    // D1 asks for more patience than the request policy has: 429 with Retry-After 3 s
    t.d1!.fail({ when: isEndWrite, status: 429, retryAfter: '3', times: 1 });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(token),
      payload: MARCH,
    });
    expect(response.json()).toMatchObject({ success: false });
    expect(response.json().message).toMatch(/calendar file absent\.ics/);

    const history = (await t.app.inject({ url: '/api/sync/history', headers: bearer(token) })).json();
    expect(history.items[0]).toMatchObject({ status: 'failed', message: response.json().message });
    const bell = await t.app.inject({ url: '/api/notifications', headers: bearer(token) });
    expect(JSON.stringify(bell.json())).toContain('absent.ics');
    // the next run is not refused as if one were still on
    fs.writeFileSync(missing, icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]));
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(token),
      payload: MARCH,
    });
    expect(next.json()).toMatchObject({ success: true, eventsCreated: 1 });
  }, 30_000);
});
