import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRedisSyncLock, SYNC_LOCK_KEY } from '../../src/features/sync/lock/redisSyncLock';
import { createXlsxSpreadsheet } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { createRedisConnection, type RedisConnection } from '../../src/platform/redis/redisConnection';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { createTestApp, type TestApp } from '../../testkit/testApp';
import { eventually } from '../../testkit/eventually';
import {
  gate,
  MARCH,
  marchEvents,
  sleep,
  syncInstance,
  testCalendar,
} from '../../testkit/instances/syncInstances';

const silent = { error() {}, info() {}, warn() {}, child: () => silent } as unknown as FastifyBaseLogger;
/** Renewed every 200 ms: a lost lease that kept renewing would show within a second. */
const LEASE_MS = 600;
const STALL_MS = 300;
const PREFIX = 'lost-lease:';

// Issue 35, item 12: a run failed as stalled kept renewing its Redis lock, so every other start
// got 409 "A sync is starting on another instance" while the status said nothing ran, for the
// rest of that run's life. Now a lost lease stops renewing, the run stops at its next chunk, and
// an instance that finds the lock held by a run the database has failed takes the lock.
describe('a run failed as stalled while its instance lives, with the lock in Redis', () => {
  let redis: RedisServer;
  let t: TestApp;
  let dir: string;
  const connections: RedisConnection[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.dispose());
  beforeEach(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-lost-lease-'));
  });
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An instance's own connection to Redis and its lock, as each server process has. */
  const lockOfAnInstance = async () => {
    const connection = createRedisConnection({ url: redis.url, prefix: PREFIX, planName: 'x' }, silent);
    connections.push(connection);
    await eventually(() => expect(connection.isReady()).toBe(true));
    return createRedisSyncLock(connection, LEASE_MS);
  };
  const lockHeld = async () => (await redis.cli('EXISTS', `${PREFIX}${SYNC_LOCK_KEY}`)).trim() === '1';

  it('stops renewing and working: the next starts go ahead at once, and the lock is not taken back', async () => {
    const frozen = gate();
    // 50 events a batch; after the first, A's calendar hangs until the test lets it go
    const calendarOfA = testCalendar(marchEvents('Kerosene', 500), {
      batch: 50,
      beforeBatch: (index) => (index === 1 ? frozen.wait() : Promise.resolve()),
    });
    const sheet = path.join(dir, 'leads.xlsx');
    const a = syncInstance({
      db: t.db,
      leads: t.leads,
      source: calendarOfA,
      spreadsheet: createXlsxSpreadsheet(sheet),
      leaseMs: LEASE_MS,
      stallMs: 600_000,
      lock: await lockOfAnInstance(),
    });
    const b = syncInstance({
      db: t.db,
      leads: t.leads,
      source: testCalendar(marchEvents('Propane', 40)),
      spreadsheet: createXlsxSpreadsheet(sheet),
      leaseMs: LEASE_MS,
      stallMs: STALL_MS,
      lock: await lockOfAnInstance(),
    });

    const runA = a.execute(MARCH, 'schedule', null);
    await frozen.arrived;
    expect(await lockHeld()).toBe(true);
    await sleep(STALL_MS + 200);

    // B finds A stalled: not refused with 409 while A's instance still holds the lock
    const byB = await b.execute(MARCH, 'api', null);
    expect(byB).toMatchObject({ success: true, eventsCreated: 40 });
    const failed = (await b.runs.history()).find((run) => run.id !== byB.runId)!;
    expect(failed).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Stalled/) });

    // three of A's renewal periods later, A has not taken the freed lock back
    await sleep(3 * LEASE_MS);
    expect(await lockHeld()).toBe(false);
    expect(await b.execute(MARCH, 'api', null)).toMatchObject({ success: true });

    // A stops at its next chunk: the batch after the freeze is refused, nothing more is read or written
    frozen.open();
    const byA = await runA;
    expect(byA).toMatchObject({ success: false, runId: failed.id });
    expect(calendarOfA.taken).toBe(50);
    expect(await lockHeld()).toBe(false);
    expect(a.notified).toEqual([]);
  }, 30_000);

  it('a lock held by a run the database has failed, its instance frozen (renewing nothing, freeing nothing), does not refuse the next start until it expires', async () => {
    const frozenInstance = await lockOfAnInstance();
    const held = (await frozenInstance.acquire())!;
    const frozenRun = await t.db.all<{ id: number }>(
      sql`INSERT INTO sync_runs (status, trigger, start_date, end_date, source, sink, owner, started_at, heartbeat_at, progress_at)
        VALUES ('running', 'schedule', '2025-03-01', '2025-03-31', 'test calendar', 'x', 'frozen:1',
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 hour'),
          strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')) RETURNING id`,
    );
    await held.bind(frozenRun[0]!.id);
    // its key lives for a minute: a start that waited for it to expire would be refused now
    await redis.cli('PEXPIRE', `${PREFIX}${SYNC_LOCK_KEY}`, '60000');
    const b = syncInstance({
      db: t.db,
      leads: t.leads,
      source: testCalendar(marchEvents('Propane', 10)),
      spreadsheet: createXlsxSpreadsheet(path.join(dir, 'leads.xlsx')),
      leaseMs: LEASE_MS,
      stallMs: STALL_MS,
      lock: await lockOfAnInstance(),
    });
    const byB = await b.execute(MARCH, 'api', null);
    expect(byB).toMatchObject({ success: true, eventsCreated: 10 });
    expect(await b.runs.history()).toEqual([
      expect.objectContaining({ id: byB.runId, status: 'succeeded' }),
      expect.objectContaining({
        id: frozenRun[0]!.id,
        status: 'failed',
        message: expect.stringMatching(/^Stalled/),
      }),
    ]);
  }, 30_000);
});
