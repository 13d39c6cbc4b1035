import { lead } from '../../testkit/builders/leads';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const BUDGET = 200_000;
const DISTINCT_READS = 10_000;
const DAY = 86_400_000;

/** The bytes Redis holds under the cache's keys, as Redis counts them (one redis-cli, not one a key). */
async function cachedBytes(redis: RedisServer): Promise<number> {
  const sumOfLengths = `local bytes = 0
    for _, key in ipairs(redis.call('KEYS', ARGV[1])) do bytes = bytes + redis.call('STRLEN', key) end
    return bytes`;
  return Number((await redis.cli('EVAL', sumOfLengths, '0', 'auditdesk:cache:*')).trim());
}

// A read's key names its inputs: one client asking for every date range it can think of
// must not fill the Redis that holds the sync lock and the sign-in limits (issue 18, item 7).
describe('the read cache in Redis', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    t = await createTestApp(
      { REDIS_URL: redis.url, REDIS_CACHE_MAX_BYTES: String(BUDGET) },
      { engine: 'sqlite' },
    );
    const start = Date.UTC(2025, 0, 1, 14);
    await syncLeads(
      t,
      Array.from({ length: 200 }, (_, index) =>
        lead({
          leadId: `budget-${index}`,
          customerName: `Customer ${index}`,
          scheduledDate: new Date(start + index * DAY).toISOString(),
        }),
      ),
      { from: 0, to: 0 },
      new Date().toISOString(),
    );
  });
  afterAll(async () => {
    await t.close();
    await redis.dispose();
  });

  it(`stays within REDIS_CACHE_MAX_BYTES over ${DISTINCT_READS.toLocaleString('en-US')} distinct reads`, async () => {
    const token = (await t.login()).access_token;
    const memoryBefore = Number(/used_memory:(\d+)/.exec(await redis.cli('info', 'memory'))![1]);
    const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * DAY).toISOString().slice(0, 10);
    for (let batch = 0; batch < DISTINCT_READS; batch += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const n = batch + index;
          const response = await t.app.inject({
            url: `/api/leads/grid-data?startDate=${day(n % 500)}&endDate=${day(500 + Math.floor(n / 500))}`,
            headers: bearer(token),
          });
          expect(response.statusCode).toBe(200);
        }),
      );
    }
    const kept = await cachedBytes(redis);
    expect(kept).toBeGreaterThan(BUDGET / 2); // it does cache
    expect(kept).toBeLessThanOrEqual(BUDGET);
    const memoryAfter = Number(/used_memory:(\d+)/.exec(await redis.cli('info', 'memory'))![1]);
    // the bodies, plus their index and Redis's own bookkeeping, not 10,000 bodies
    expect(memoryAfter - memoryBefore).toBeLessThan(3 * BUDGET);
  }, 120_000);

  it('still answers from Redis what it kept', async () => {
    const token = (await t.login()).access_token;
    const url = '/api/leads/grid-data?startDate=2025-01-01&endDate=2025-03-31';
    const first = await t.app.inject({ url, headers: bearer(token) });
    const keys = await redis.cli('--scan', '--pattern', 'auditdesk:cache:grid-data?2025-01-01&2025-03-31*');
    expect(keys.trim()).not.toBe('');
    expect((await t.app.inject({ url, headers: bearer(token) })).json()).toEqual(first.json());
  });
});
