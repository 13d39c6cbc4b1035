import * as signalR from '@microsoft/signalr';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HUB_EVENT_NAMES } from '@auditdesk/shared/core';
import { createNotificationsRepository } from '../../src/features/notifications/notificationsRepository';
import { createNotifier } from '../../src/features/notifications/notifier';
import { SYNC_GROUP } from '../../src/features/realtime/syncHub';
import { hubProgress } from '../../src/features/sync/engine/hubProgress';
import { INTERRUPTED } from '../../src/features/sync/runs/syncRunsRepository';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { createUsersRepository } from '../../src/features/users/usersRepository';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { freePort } from '../../testkit/freePort';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { eventually } from '../../testkit/eventually';
import {
  frozenInSpreadsheetStep,
  gate,
  MARCH,
  marchEvents,
  sleep,
  syncInstance,
  testCalendar,
} from '../../testkit/instances/syncInstances';

const SYNC_EVENTS = HUB_EVENT_NAMES.filter(
  (name) => name !== 'NotificationAdded' && name !== 'RemoteReleased',
);

// Issue 35, item 14: a run failed by another instance was announced twice (two sync-failed
// notifications), the second time late, after the newer run's success; and no hub event said
// which run it was about. Every sync event now ends with its run's id, and a run's end is told
// once, by the instance that recorded it.
describe('a run failed by another instance while its own instance is frozen', () => {
  let t: TestApp;
  let hub: signalR.HubConnection;
  afterEach(async () => {
    await hub?.stop();
    await t?.close();
  });

  it('is announced once, on the hub (with its run id, before the newer run starts) and in the bells', async () => {
    const calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-once-')), 'calendar.ics');
    fs.writeFileSync(
      calendar,
      icsCalendar([
        { uid: 'a', start: '20250304T140000Z', summary: 'Propane 1' },
        { uid: 'b', start: '20250311T140000Z', summary: 'Propane 2' },
      ]),
    );
    // this instance (B) takes a run for dead after 1 s without a heartbeat
    t = await createTestApp({ CALENDAR_ICS: calendar, SYNC_LEASE_SECONDS: '1' });
    const token = (await t.login()).access_token;
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    hub = new signalR.HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/hubs/sync`, { accessTokenFactory: () => token })
      .configureLogging(signalR.LogLevel.None)
      .build();
    const heard: unknown[][] = [];
    for (const name of SYNC_EVENTS) hub.on(name, (...args: unknown[]) => heard.push([name, ...args]));
    await hub.start();
    await hub.invoke('JoinSyncGroup');

    // instance A on the same database, hub group and bells: frozen in its spreadsheet step,
    // its lease renewed too seldom for B's 1 s (as if its process were stopped)
    const frozen = gate();
    const a = syncInstance({
      db: t.db,
      leads: frozenInSpreadsheetStep(t.leads, frozen),
      source: testCalendar(marchEvents('Kerosene', 5)),
      spreadsheet: createXlsxSpreadsheet(t.config.spreadsheet.path),
      leaseMs: 60_000,
      stallMs: 600_000,
      progress: hubProgress((target, args) => t.services.hub.broadcast(SYNC_GROUP, target, args)),
      notifier: createNotifier(
        createNotificationsRepository(t.db),
        createUsersRepository(t.db),
        (userIds, target, args) => t.services.hub.sendToUsers(userIds, target, args),
      ),
    });
    const runA = a.execute(MARCH, 'schedule', null);
    await frozen.arrived;
    await sleep(1300);

    const byB = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(token),
      payload: MARCH,
    });
    expect(byB.json()).toMatchObject({ success: true, eventsCreated: 2 });
    const b = byB.json().runId as number;
    frozen.open();
    const byA = await runA;
    expect(byA).toMatchObject({ success: false, message: INTERRUPTED });
    await eventually(() => expect(heard).toContainEqual(['SyncCompleted', true, byB.json().message, 2, b]));
    await sleep(300); // anything A's instance might still say

    // each event names its run, last
    expect(new Set(heard.map((event) => event.at(-1)))).toEqual(new Set([byA.runId, b]));
    const ends = heard.filter(([name]) => name === 'SyncError' || name === 'SyncCompleted');
    expect(ends).toEqual([
      ['SyncError', INTERRUPTED, byA.runId],
      ['SyncCompleted', false, INTERRUPTED, 0, byA.runId],
      ['SyncCompleted', true, byB.json().message, 2, b],
    ]);
    // A's end, told by B as it failed A, came before B's run started
    expect(heard.findIndex((event) => event[0] === 'SyncStarted' && event[1] === b)).toBeGreaterThan(
      heard.findIndex((event) => event[0] === 'SyncCompleted' && event.at(-1) === byA.runId),
    );

    const bell = (await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).json();
    const titles = (bell.items as { title: string }[]).map((item) => item.title);
    expect(titles.filter((title) => title.startsWith('Sync failed'))).toEqual([
      'Sync failed (run on the schedule)',
    ]);
    expect(titles.filter((title) => title.startsWith('Sync finished'))).toHaveLength(1);
  }, 30_000);
});
