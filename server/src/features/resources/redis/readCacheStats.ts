import type { CacheStats } from '@auditdesk/shared/core';
import type { Redis } from 'ioredis';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import { cacheStatsFromInfo } from './cacheStatsFromInfo';
import { parseRedisInfo } from './parseRedisInfo';

/** CONFIG GET maxclients; null where it is refused (managed services often block CONFIG). */
export async function readMaxClientsSetting(client: Redis): Promise<number | null> {
  try {
    const reply: unknown = await client.config('GET', 'maxclients');
    // ['maxclients', '10000'] (RESP2, and RESP3 in ioredis's legacy mapping) or { maxclients: '10000' }
    const value = Array.isArray(reply) ? reply[1] : (reply as Record<string, unknown> | null)?.maxclients;
    const number = Number(value);
    return value !== undefined && Number.isFinite(number) ? number : null;
  } catch {
    return null;
  }
}

/** The live cache stats: one INFO, plus CONFIG GET when INFO has no maxclients. */
export async function readCacheStats(redis: RedisConnection, planName: string): Promise<CacheStats> {
  const info = parseRedisInfo(await redis.client.info());
  const maxClients = 'maxclients' in info.fields ? null : await readMaxClientsSetting(redis.client);
  return cacheStatsFromInfo(info, { planName, maxClients });
}
