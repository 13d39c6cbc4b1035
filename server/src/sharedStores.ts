import { createPendingSignIns } from './features/auth/oidc/pendingSignIns';
import { createSharedPendingSignIns } from './features/auth/oidc/redisPendingSignIns';
import { createSharedSignInCodes } from './features/auth/oidc/redisSignInCodes';
import { createSignInCodes } from './features/auth/oidc/signInCodes';
import { createRedisBackplane } from './features/realtime/backplane/redisBackplane';
import { createRedisSyncLock } from './features/sync/lock/redisSyncLock';
import { createMemoryBodyStore } from './platform/cache/memoryBodyStore';
import { createRedisBodyStore } from './platform/cache/redisBodyStore';
import { createTieredBodyStore } from './platform/cache/tieredBodyStore';
import type { Config } from './platform/config/loadConfig';
import { createMemoryCounterStore } from './platform/limits/memoryCounterStore';
import { createRedisCounterStore } from './platform/limits/redisCounterStore';
import { createSharedCounterStore } from './platform/limits/sharedCounterStore';
import type { RedisConnection } from './platform/redis/redisConnection';

type StoreSettings = Pick<Config, 'redisCacheMaxBytes' | 'syncLeaseMs'>;

/**
 * Every store the instances must share, and where it lives: with REDIS_URL in Redis (most
 * fall back to this process while Redis is away), without it in this process, which is
 * then the only instance (no backplane, no lock beside the sync_runs row).
 */
const STORES = {
  /** How the hubs of several instances reach each other's connections. */
  backplane: { inProcess: () => null, redis: (redis: RedisConnection) => createRedisBackplane(redis) },
  /** Rate-limit counters (sign-in, sync, publishing). */
  counters: {
    inProcess: () => createMemoryCounterStore(),
    redis: (redis: RedisConnection) =>
      createSharedCounterStore(redis, createRedisCounterStore(redis), createMemoryCounterStore()),
  },
  /** The hot reads' answers (memory in front of Redis). */
  readStore: {
    inProcess: () => createMemoryBodyStore(),
    redis: (redis: RedisConnection, settings: StoreSettings) =>
      createTieredBodyStore(
        createMemoryBodyStore(),
        createRedisBodyStore(redis, { maxBytes: settings.redisCacheMaxBytes }),
      ),
  },
  /** The one-run-at-a-time sync lock in front of the sync_runs row. */
  syncLock: {
    inProcess: () => null,
    redis: (redis: RedisConnection, settings: StoreSettings) =>
      createRedisSyncLock(redis, settings.syncLeaseMs),
  },
  /** Identity-provider sign-ins between the redirect and the provider's return. */
  pendingSignIns: {
    inProcess: () => createPendingSignIns(),
    redis: (redis: RedisConnection) => createSharedPendingSignIns(redis),
  },
  /** The one-time codes the sign-in page trades for tokens. */
  signInCodes: {
    inProcess: () => createSignInCodes(),
    redis: (redis: RedisConnection) => createSharedSignInCodes(redis),
  },
};

export type SharedStores = {
  [Name in keyof typeof STORES]: ReturnType<(typeof STORES)[Name]['inProcess' | 'redis']>;
};

/** Each store of the table, in Redis when there is a connection, else in this process. */
export function createSharedStores(redis: RedisConnection | null, settings: StoreSettings): SharedStores {
  const entries = Object.entries(STORES).map(([name, store]) => [
    name,
    redis ? store.redis(redis, settings) : store.inProcess(),
  ]);
  return Object.fromEntries(entries) as SharedStores;
}
