import type { CacheStats } from '@auditdesk/shared/core';
import type { RedisInfo } from './parseRedisInfo';

function count(info: RedisInfo, field: string): number {
  const value = Number(info.fields[field]);
  return Number.isFinite(value) ? value : 0;
}

function optionalCount(info: RedisInfo, field: string): number | null {
  return field in info.fields ? count(info, field) : null;
}

/** Percent of lookups that found their key, to 2 decimals; null before the first lookup. */
export function hitRate(hits: number, misses: number): number | null {
  const lookups = hits + misses;
  return lookups === 0 ? null : Math.round((hits / lookups) * 10_000) / 100;
}

/**
 * The spec's cache stats from one INFO reply. `maxClients` is the CONFIG GET answer for
 * servers whose INFO has no maxclients (older than 7.x); null when that was refused too.
 */
export function cacheStatsFromInfo(
  info: RedisInfo,
  { planName, maxClients = null }: { planName: string; maxClients?: number | null },
): CacheStats {
  const valkeyVersion = info.fields.valkey_version;
  const keyspaceHits = count(info, 'keyspace_hits');
  const keyspaceMisses = count(info, 'keyspace_misses');
  return {
    planName,
    serverInfo: {
      // Valkey keeps redis_version at the Redis version it is compatible with
      product: valkeyVersion ? 'Valkey' : 'Redis',
      version: valkeyVersion ?? info.fields.redis_version ?? 'unknown',
      uptime: count(info, 'uptime_in_seconds'),
    },
    usage: {
      usedMemory: count(info, 'used_memory'),
      peakMemory: count(info, 'used_memory_peak'),
      totalKeys: Object.values(info.keyspace).reduce((sum, db) => sum + (db.keys ?? 0), 0),
      connectedClients: count(info, 'connected_clients'),
    },
    limits: {
      maxMemory: count(info, 'maxmemory'),
      maxConnections: optionalCount(info, 'maxclients') ?? maxClients,
    },
    performance: {
      hitRate: hitRate(keyspaceHits, keyspaceMisses),
      keyspaceHits,
      keyspaceMisses,
      evictedKeys: count(info, 'evicted_keys'),
      expiredKeys: count(info, 'expired_keys'),
    },
  };
}
