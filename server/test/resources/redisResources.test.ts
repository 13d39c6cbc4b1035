import type { CacheStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import { Redis } from 'ioredis';
import { readMaxClientsSetting } from '../../src/features/resources/redis/readCacheStats';
import { parseRedisInfo } from '../../src/features/resources/redis/parseRedisInfo';
import { eventually } from '../../testkit/eventually';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

async function readStats(t: TestApp, token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/resources/redis', headers: bearer(token) });
  return { status: response.statusCode, body: response.json() as ResourceStatsResponse<CacheStats> };
}

async function liveStats(t: TestApp, token: string): Promise<CacheStats> {
  const { status, body } = await readStats(t, token);
  expect(status).toBe(200);
  return body.data!;
}

describe('GET /api/resources/redis without REDIS_URL', () => {
  it('answers success with no data and says Redis is not configured', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.redis).toBeNull();
      const { status, body } = await readStats(t, (await t.login()).access_token);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        data: null,
        error: null,
        reason: 'Redis is not configured on this server: set REDIS_URL (redis:// or rediss://) to use one.',
      });
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/resources/redis against a real redis-server', () => {
  let redis: RedisServer;
  let t: TestApp;
  let token: string;
  let direct: Redis;

  beforeAll(async () => {
    redis = await startRedisServer({ args: ['--maxmemory', '64mb', '--maxclients', '500'] });
    t = await createTestApp({ REDIS_URL: redis.url, REDIS_PLAN: 'Team 64 MB' });
    token = (await t.login()).access_token;
    direct = new Redis(redis.url);
    await eventually(() => expect(t.app.redis?.isReady()).toBe(true));
  });
  afterAll(async () => {
    direct.disconnect();
    await t.close();
    await redis.dispose();
  });

  it("answers the server's own INFO numbers", async () => {
    const stats = await liveStats(t, token);
    const info = parseRedisInfo(await redis.cli('INFO')).fields;
    expect(stats).toMatchObject({
      planName: 'Team 64 MB',
      serverInfo: { product: 'Redis', version: info.redis_version },
      limits: { maxMemory: 64 * 1024 * 1024, maxConnections: 500 },
    });
    expect(info.redis_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(stats.serverInfo.uptime).toBeGreaterThanOrEqual(0);
    expect(stats.usage.usedMemory).toBeGreaterThan(0);
    expect(stats.usage.peakMemory).toBeGreaterThanOrEqual(stats.usage.usedMemory);
    // the app's own connection and this test's
    expect(stats.usage.connectedClients).toBeGreaterThanOrEqual(2);
  });

  it('moves with keys written, read, missed and expired, in every database', async () => {
    const before = await liveStats(t, token);
    // large values, so the keys' memory dwarfs the server's own noise (buffers, clients)
    const value = 'x'.repeat(100_000);
    for (let i = 0; i < 30; i += 1) await direct.set(`item:${i}`, value);
    const otherDb = new Redis(`${redis.url}/2`);
    try {
      for (let i = 0; i < 5; i += 1) await otherDb.set(`other:${i}`, value);
    } finally {
      otherDb.disconnect();
    }
    for (let i = 0; i < 10; i += 1) expect(await direct.get(`item:${i}`)).toBe(value);
    for (let i = 0; i < 4; i += 1) expect(await direct.get(`missing:${i}`)).toBeNull();
    await direct.set('short-lived', '1', 'PX', 1);
    let shortLivedHits = 0; // a read before the millisecond is over still finds it
    await eventually(async () => {
      const found = await direct.get('short-lived');
      if (found !== null) shortLivedHits += 1;
      expect(found).toBeNull();
    });

    const after = await liveStats(t, token);
    expect(after.usage.totalKeys).toBe(before.usage.totalKeys + 35);
    expect(after.performance.keyspaceHits - before.performance.keyspaceHits).toBe(10 + shortLivedHits);
    expect(after.performance.keyspaceMisses - before.performance.keyspaceMisses).toBeGreaterThanOrEqual(4);
    expect(after.performance.expiredKeys - before.performance.expiredKeys).toBe(1);
    expect(after.usage.usedMemory - before.usage.usedMemory).toBeGreaterThan(0.9 * 35 * 100_000);
    const { keyspaceHits, keyspaceMisses } = after.performance;
    expect(after.performance.hitRate).toBeCloseTo((keyspaceHits / (keyspaceHits + keyspaceMisses)) * 100, 2);
  });

  it('says clearly when Redis is down, and answers again once it is back', async () => {
    await redis.stop();
    try {
      const { status, body } = await readStats(t, token);
      expect(status).toBe(503);
      const message = `Redis at 127.0.0.1:${redis.port} is not reachable; the server keeps reconnecting in the background.`;
      expect(body).toMatchObject({
        success: false,
        data: null,
        error: message,
        detail: message,
        status: 503,
      });
    } finally {
      await redis.start();
    }
    const stats = await eventually(() => liveStats(t, token));
    expect(stats.usage.totalKeys).toBe(0); // a fresh server: nothing was saved
  });
});

describe('readMaxClientsSetting', () => {
  it('reads maxclients with CONFIG GET, and gives null where CONFIG is refused', async () => {
    const open = await startRedisServer({ args: ['--maxclients', '321'] });
    const locked = await startRedisServer({ args: ['--rename-command', 'CONFIG', ''] });
    const [openClient, lockedClient] = [new Redis(open.url), new Redis(locked.url)];
    try {
      expect(await readMaxClientsSetting(openClient)).toBe(321);
      expect(await readMaxClientsSetting(lockedClient)).toBeNull();
    } finally {
      openClient.disconnect();
      lockedClient.disconnect();
      await Promise.all([open.dispose(), locked.dispose()]);
    }
  });
});
