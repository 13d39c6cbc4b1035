import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { noBodyStore } from '../../src/platform/cache/bodyStore';
import { weekOfMonth } from '../../src/features/leads/record/weekOfMonth';
import { lead } from '../../testkit/builders/leads';
import { startRedisServer, type RedisServer } from '../../testkit/servers/redisServer';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const AUDITORS = ['Sam Rivera', 'Alex Chen', 'Pat Morgan'];
const STATUSES = ['Scheduled', 'Cancelled', 'Completed', 'New', ''];
const DAY = 86_400_000;

/** Leads around today (every timeframe has some), of both auditors and one more, formatted or not. */
function leadsAroundToday() {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return Array.from({ length: 240 }, (_, index) => {
    const date = new Date(today + (index - 120) * 3 * DAY + 14 * 3_600_000);
    return lead({
      leadId: `cache-${index}`,
      customerName: `Customer ${index}`,
      auditor: AUDITORS[index % 3]!,
      scheduledDate: date.toISOString(),
      week: weekOfMonth(date),
      status: STATUSES[index % 5]!,
      houseType: ['Single Family', '2 Family', '3 Family', '4 Family'][index % 4]!,
      heatingFuel: ['Gas', 'Oil', 'Propane', 'Electricity'][(index >> 1) % 4]!,
      provider: index % 3 ? 'National Grid' : 'EverSource',
      referredBy: index % 4 ? '' : 'Friend',
      isFormatted: index % 7 !== 0,
    });
  });
}

const TIMEFRAMES = ['month', 'bimonth', 'quarter', 'year'];
const CACHED_READS = [
  '/api/leads',
  '/api/leads?excludeCalendarNotFormatted=false',
  '/api/leads/calendar-not-formatted',
  '/api/leads/grid-data',
  `/api/leads/grid-data?startDate=${new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10)}`,
  ...TIMEFRAMES.flatMap((timeframe) =>
    ['performance', 'categories', 'analytics'].map(
      (name) => `/api/scheduling/${name}?timeframe=${timeframe}`,
    ),
  ),
  '/api/scheduling/dashboard?months=12',
  '/api/scheduling/dashboard?months=3',
  '/api/dashboard/stats',
];

describe('cached answers are the answers a build gives', () => {
  let redis: RedisServer;
  let dataDir: string;
  let uncached: TestApp;
  let inProcess: TestApp;
  let withRedis: TestApp;
  let fromRedis: TestApp;
  let token: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-cache-'));
    const env = { DATA_DIR: dataDir };
    uncached = await createTestApp(env, { engine: 'sqlite', readStore: noBodyStore });
    inProcess = await createTestApp(env, { engine: 'sqlite' });
    withRedis = await createTestApp({ ...env, REDIS_URL: redis.url }, { engine: 'sqlite' });
    fromRedis = await createTestApp({ ...env, REDIS_URL: redis.url }, { engine: 'sqlite' });
    await syncLeads(uncached, leadsAroundToday(), { from: 0, to: 0 }, new Date().toISOString());
    token = (await uncached.login()).access_token;
  });
  afterAll(async () => {
    await Promise.all([uncached, inProcess, withRedis, fromRedis].map((t) => t.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await redis.dispose();
  });

  const bodyOf = async (t: TestApp, url: string, gzip = false) => {
    const response = await t.app.inject({
      url,
      headers: { ...bearer(token), ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
    });
    expect(response.statusCode).toBe(200);
    if (response.headers['content-encoding'] === 'gzip')
      return JSON.parse(gunzipSync(response.rawPayload).toString());
    return response.json();
  };

  /** Every cached read, from each store, built then kept, against a build with nothing kept. */
  async function expectAllEqual() {
    for (const url of CACHED_READS) {
      const expected = await bodyOf(uncached, url);
      expect(await bodyOf(inProcess, url)).toEqual(expected); // built
      expect(await bodyOf(inProcess, url, true)).toEqual(expected); // kept, gzipped
      expect(await bodyOf(withRedis, url)).toEqual(expected); // built, put in Redis
      expect(await bodyOf(fromRedis, url, true)).toEqual(expected); // read from Redis
      expect(await bodyOf(fromRedis, url)).toEqual(expected); // then from its own memory
    }
  }

  it('for every cached read, from memory and from Redis', async () => {
    await expectAllEqual();
    const keys = await redis.cli('--scan', '--pattern', 'auditdesk:cache:*');
    // every read but /api/dashboard/stats' cached part is one key; that one too
    expect(keys.trim().split('\n').sort()).toHaveLength(CACHED_READS.length);
  }, 60_000); // a hundred reads

  it('after every kind of write to the leads', async () => {
    const [first] = await bodyOf(uncached, '/api/leads');
    const created = await withRedis.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: bearer(token),
      payload: { customerName: 'New One', auditor: 'Sam Rivera', scheduledDate: new Date().toISOString() },
    });
    expect(created.statusCode).toBe(201);
    await expectAllEqual();
    const edited = await inProcess.app.inject({
      method: 'PATCH',
      url: `/api/leads/${first.id}`,
      headers: bearer(token),
      payload: { status: 'Cancelled', heatingFuel: 'Oil' },
    });
    expect(edited.statusCode).toBe(200);
    await expectAllEqual();
    const deleted = await fromRedis.app.inject({
      method: 'DELETE',
      url: `/api/leads/${created.json().id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    await expectAllEqual();
    await syncLeads(
      uncached,
      leadsAroundToday().slice(0, 100),
      { from: Date.now() - 400 * DAY, to: Date.now() + 400 * DAY },
      new Date().toISOString(),
    ); // a sync that removed 140 leads
    await expectAllEqual();
  }, 120_000); // five rounds of a hundred reads
});
