import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { lead } from '../../testkit/builders/leads';

const cachedBodies = async (redis: RedisServer) =>
  (await redis.cli('--scan', '--pattern', 'auditdesk:cache:*')).trim().split('\n').filter(Boolean);

// Issue 36: a restore clears every cache, Redis's too: the answers kept of the data before it
// are gone, and a read after it answers the restored data.
describe('a restore and the Redis cache', () => {
  let redis: RedisServer;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.dispose());
  beforeEach(async () => {
    t = await createTestApp({ REDIS_URL: redis.url }, { engine: 'sqlite' });
  });
  afterEach(() => t.close());

  it('forgets every answer kept in Redis, and answers the restored leads', async () => {
    const leads = Array.from({ length: 8 }, (_, n) =>
      lead({
        leadId: `cache-${n}@test`,
        customerName: `Customer ${n}`,
        scheduledDate: new Date().toISOString(),
      }),
    );
    await syncLeads(t, leads, { from: 0, to: 0 }, new Date().toISOString());
    const admin = bearer((await t.login()).access_token);
    const list = async () =>
      (await t.app.inject({ url: '/api/leads', headers: admin })).json() as { id: number; version: number }[];

    expect(await list()).toHaveLength(8);
    const point = (await t.services.backups.backUpNow('the test')).point;
    const listed = await list();
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: admin,
      payload: { leads: listed.slice(0, 3).map(({ id, version }) => ({ id, version })), delete: true },
    });
    expect(deleted.statusCode).toBe(200);
    // the answer of the data with the delete, kept in Redis
    expect(await list()).toHaveLength(5);
    expect(await cachedBodies(redis)).not.toEqual([]);

    await t.services.backups.restore({ point: point.name }, 'the test');
    expect(await cachedBodies(redis)).toEqual([]);
    expect(await list()).toHaveLength(8);
  });
});
