import type { CacheStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import { describeRedisFailure } from '../../../platform/redis/describeRedisFailure';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import { readCacheStats } from './readCacheStats';

export const REDIS_NOT_CONFIGURED =
  'Redis is not configured on this server: set REDIS_URL (redis:// or rediss://) to use one.';

/**
 * GET /api/resources/redis: the stats; no data and the reason without REDIS_URL; a 503
 * problem that says what is wrong (and the same envelope) when Redis cannot answer.
 */
export async function redisStatsAnswer(
  redis: RedisConnection | null,
  planName: string | undefined,
): Promise<ResourceStatsResponse<CacheStats>> {
  if (!redis || planName === undefined)
    return { success: true, data: null, error: null, reason: REDIS_NOT_CONFIGURED };
  try {
    return { success: true, data: await readCacheStats(redis, planName), error: null };
  } catch (error) {
    const message = describeRedisFailure(error, redis.address);
    throw new HttpProblem(503, message, { success: false, data: null, error: message });
  }
}
