import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBackplane } from '../../../server/testkit/bench/backplaneBench';
import { openApp } from '../../../server/src/openApp';
import { ensureBootstrapAdmin } from '../../../server/src/features/auth/ensureBootstrapAdmin';
import { createPasswords } from '../../../server/src/features/auth/passwords';
import { noBodyStore, type BodyStore } from '../../../server/src/platform/cache/bodyStore';
import { createMemoryBodyStore } from '../../../server/src/platform/cache/memoryBodyStore';
import { createRedisBodyStore } from '../../../server/src/platform/cache/redisBodyStore';
import { loadConfig } from '../../../server/src/platform/config/loadConfig';
import { openDatabase } from '../../../server/src/platform/db/openDatabase';
import { createRedisConnection } from '../../../server/src/platform/redis/redisConnection';
import { createUsersRepository } from '../../../server/src/features/users/usersRepository';
import { freePort } from '../../../server/testkit/freePort';
import { startRedisServer } from '../../../server/testkit/servers/redisServer';
import { syncLeads } from '../../../server/testkit/builders/syncLeads';
import { againstLimit, againstPeer, type Benchmark } from '../benchmark';
import { benchLeads } from '../../../server/testkit/bench/benchLeads';

const LEADS = 100_000;
const SECONDS = 5;
const CONNECTIONS = 10;
const GRID_URL = '/api/leads/grid-data?startDate=2024-01-01&endDate=2025-12-31';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** Requests per second autocannon gets from GET grid-data on a server with this read store (none: the app's own). */
async function gridRequestsPerSecond(dataDir: string, readStore: BodyStore | undefined, redisUrl?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const { app, close } = await openApp(config, { readStore });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${login.json().access_token}`, 'accept-encoding': 'gzip' };
    const warm = await app.inject({ url: GRID_URL, headers });
    if (warm.statusCode !== 200) throw new Error(`grid-data answered ${warm.statusCode}`);
    const load = (duration: number) =>
      autocannon({ url: `http://127.0.0.1:${port}${GRID_URL}`, headers, connections: CONNECTIONS, duration });
    await load(1); // warm-up, not counted
    const result = await load(SECONDS);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${result.non2xx + result.errors} failed requests`);
    return Math.round(result.requests.average);
  } finally {
    await close();
  }
}

/**
 * What runs when several instances share Redis: a hub event sent on instance B reaching a
 * client on instance A (next to the same sent on A), and GET /api/leads/grid-data over
 * 100,000 leads under load (10 connections, 5 s each after 1 s of warm-up): built for every
 * request, then from this process's memory, from Redis only, and as deployed with
 * REDIS_URL (memory in front of Redis).
 */
export const severalInstancesBenchmark: Benchmark = {
  name: 'several-instances',
  about: 'hub event across two instances through Redis; grid-data req/s with the read cache tiers',
  async run() {
    const { oneInstance, acrossInstances } = await measureBackplane();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-cache-'));
    const redis = await startRedisServer();
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...ADMIN_ENV });
      const db = await openDatabase(config);
      await ensureBootstrapAdmin(config, createUsersRepository(db), createPasswords());
      await syncLeads({ db }, benchLeads(LEADS), { from: 0, to: 0 }, new Date().toISOString());
      await db.close();

      const uncached = await gridRequestsPerSecond(dataDir, noBodyStore);
      const memory = await gridRequestsPerSecond(dataDir, createMemoryBodyStore());
      const redisOnly = await withRedisStore(redis.url, (store) =>
        gridRequestsPerSecond(dataDir, store, redis.url),
      );
      const tiered = await gridRequestsPerSecond(dataDir, undefined, redis.url);
      return [
        againstLimit(
          'hub event across two instances through Redis, p95',
          { value: acrossInstances.p95Ms, unit: 'ms' },
          '<',
          50,
          { p50: acrossInstances.p50Ms, 'one instance p95': oneInstance.p95Ms },
        ),
        againstPeer(
          `grid-data, ${LEADS.toLocaleString('en-US')} leads, with REDIS_URL (memory in front of Redis)`,
          { value: tiered, unit: 'req/s' },
          { name: 'built for every request', value: uncached, unit: 'req/s' },
          null,
          { 'in-process only': memory, 'Redis only': redisOnly },
        ),
        againstLimit(
          'grid-data server time per request, cached (Redis tier)',
          { value: Math.round((1000 * 100) / tiered) / 100, unit: 'ms' },
          '≤',
          5,
        ),
      ];
    } finally {
      await redis.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

type Logger = Parameters<typeof createRedisConnection>[1];

/** A Redis-only body store on its own connection for one measurement. */
async function withRedisStore<T>(url: string, measure: (store: BodyStore) => Promise<T>): Promise<T> {
  const silent = { error() {}, info() {}, warn() {}, child: () => silent } as unknown as Logger;
  const connection = createRedisConnection({ url, prefix: 'auditdesk:', planName: 'bench' }, silent);
  try {
    await connection.whenReady();
    return await measure(createRedisBodyStore(connection, { maxBytes: 256 * 1024 * 1024 }));
  } finally {
    await connection.close();
  }
}
