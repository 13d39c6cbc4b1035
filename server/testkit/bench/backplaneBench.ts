import * as signalR from '@microsoft/signalr';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../src/platform/config/loadConfig';
import type { UserRow } from '../../src/platform/db/schema';
import { createRedisBackplane } from '../../src/features/realtime/backplane/redisBackplane';
import { hubRoutes } from '../../src/features/realtime/hubRoutes';
import { createSyncHub } from '../../src/features/realtime/syncHub';
import { createRedisConnection, type RedisConnection } from '../../src/platform/redis/redisConnection';
import { freePort } from '../freePort';
import { startRedisServer } from '../servers/redisServer';
import { tripTimes } from './tripTimes';

const silent = { error() {}, info() {}, warn() {}, child: () => silent } as unknown as FastifyBaseLogger;

/** One instance's hub behind its own HTTP server, on the Redis backplane. */
async function startInstance(redisUrl: string) {
  const redis: RedisConnection = createRedisConnection(
    { url: redisUrl, prefix: 'bench:', planName: 'bench' },
    silent,
  );
  const app = Fastify({ forceCloseConnections: true });
  const hub = createSyncHub({ backplane: createRedisBackplane(redis) });
  const user = { id: 1, isActive: true } as UserRow;
  await app.register(hubRoutes, {
    hub,
    tokenCaller: async () => ({ user, sessionId: 'bench', expiresAt: Date.now() + 3_600_000 }),
    config: loadConfig({}),
  });
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', () => redis.close());
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  while (!redis.isReady()) await new Promise((resolve) => setTimeout(resolve, 20));
  return { app, hub, url: `http://127.0.0.1:${port}/hubs/sync` };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 100) / 100;

/**
 * Hub fan-out through Redis: two instances (each its own hub and HTTP server, in this
 * process so one clock times both ends) on one real redis-server; the official client
 * on A over WebSockets. The same event sent by A (one instance) and by B (across).
 */
export async function measureBackplane() {
  const redis = await startRedisServer();
  const a = await startInstance(redis.url);
  const b = await startInstance(redis.url);
  const client = new signalR.HubConnectionBuilder()
    .withUrl(a.url, { transport: signalR.HttpTransportType.WebSockets, accessTokenFactory: () => 'token' })
    .configureLogging(signalR.LogLevel.None)
    .build();
  try {
    await client.start();
    await client.invoke('JoinSyncGroup');
    const one = await tripTimes(a.hub, client);
    const across = await tripTimes(b.hub, client);
    return {
      oneInstance: { p50Ms: percentile(one, 0.5), p95Ms: percentile(one, 0.95) },
      acrossInstances: { p50Ms: percentile(across, 0.5), p95Ms: percentile(across, 0.95) },
    };
  } finally {
    await client.stop();
    await a.app.close();
    await b.app.close();
    await redis.dispose();
  }
}
