import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../../testkit/eventually';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import {
  hubClient,
  recordSyncEvents,
  startTwoInstances,
  type Instance,
} from '../../testkit/instances/twoInstances';
import { bearer } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const READS = [
  '/api/health',
  '/api/leads',
  '/api/leads/calendar-not-formatted',
  '/api/leads/grid-data',
  '/api/scheduling/performance?timeframe=year',
  '/api/scheduling/categories?timeframe=month',
  '/api/scheduling/analytics?timeframe=quarter',
  '/api/scheduling/dashboard?months=12',
  '/api/dashboard/stats',
  '/api/sync/status',
  '/api/sync/history',
];

// real servers, several of them, on a machine that may be busy: no test here is about time
jest.setTimeout(30_000);

describe('Redis stopped mid-use and started again', () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    const calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-outage-')), 'calendar.ics');
    fs.writeFileSync(calendar, icsCalendar([{ uid: 'a', start: '20250304T140000Z' }]));
    ({ a, b, close } = await startTwoInstances({ REDIS_URL: redis.url, CALENDAR_ICS: calendar }));
    token = (await a.login()).access_token;
  });
  afterAll(async () => {
    await close();
    await redis.dispose();
  });

  const get = (instance: Instance, url: string) => instance.app.inject({ url, headers: bearer(token) });
  const sync = (instance: Instance) =>
    instance.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token), payload: MARCH });

  it('reads keep answering, a sync is refused with a clear 503, and all works again once Redis is back', async () => {
    const watcher = hubClient(a, token);
    const seen = recordSyncEvents(watcher);
    await watcher.start();
    await watcher.invoke('JoinSyncGroup');
    expect((await sync(b)).statusCode).toBe(200);
    await eventually(() => expect(seen.at(-1)?.[0]).toBe('SyncCompleted'));
    for (const url of READS) expect((await get(b, url)).statusCode).toBe(200); // cached in Redis

    await redis.stop();
    await eventually(() => expect(a.app.redis!.isReady() || b.app.redis!.isReady()).toBe(false));

    for (const instance of [a, b])
      for (const url of READS) expect([url, (await get(instance, url)).statusCode]).toEqual([url, 200]);
    expect(
      (
        await b.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: 'admin-password-123' },
        })
      ).statusCode,
    ).toBe(200);

    const refused = await sync(a);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().detail).toBe(
      `A sync cannot start now: the sync lock cannot be taken. Redis at 127.0.0.1:${redis.port} is not reachable; the server keeps reconnecting in the background.`,
    );

    // writes go on, and the other instance reads them fresh (the data version is in the database)
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bearer(token),
      payload: { customerName: 'During the outage' },
    });
    expect(created.statusCode).toBe(201);
    expect((await get(b, '/api/leads?excludeCalendarNotFormatted=false')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ customerName: 'During the outage' })]),
    );

    await redis.start();
    await eventually(() => expect(a.app.redis!.isReady() && b.app.redis!.isReady()).toBe(true), {
      attempts: 100,
    });
    // A listens to the sync group again: a sync through B reaches A's client
    await eventually(async () =>
      expect(await redis.cli('PUBSUB', 'CHANNELS', 'auditdesk:hub:sync:group:*')).toContain('group:sync'),
    );
    seen.length = 0;
    const again = await sync(b);
    expect(again.statusCode).toBe(200);
    await eventually(() => expect(seen.at(-1)?.[0]).toBe('SyncCompleted'));
    expect(seen[0]).toEqual(['SyncStarted', again.json().runId]);
    expect(await get(a, '/api/leads/grid-data')).toMatchObject({ statusCode: 200 });
    expect(await redis.cli('--scan', '--pattern', 'auditdesk:cache:grid-data*')).toMatch(/grid-data/);
    await watcher.stop();
  });
});
