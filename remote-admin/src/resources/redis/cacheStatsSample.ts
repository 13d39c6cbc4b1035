import type { CacheStats } from '@auditdesk/shared';

export const MB = 1024 * 1024;

/** Cache stats as the server sends them, for page tests; `changes` replace parts. */
export function cacheStatsSample(
  changes: {
    usage?: Partial<CacheStats['usage']>;
    limits?: Partial<CacheStats['limits']>;
    performance?: Partial<CacheStats['performance']>;
    serverInfo?: Partial<CacheStats['serverInfo']>;
  } = {},
): CacheStats {
  return {
    planName: 'Self-hosted',
    serverInfo: {
      product: 'Redis',
      version: '7.0.15',
      uptime: 2 * 86_400 + 5 * 3600 + 120,
      ...changes.serverInfo,
    },
    usage: {
      usedMemory: 16 * MB,
      peakMemory: 20 * MB,
      totalKeys: 1234,
      connectedClients: 12,
      ...changes.usage,
    },
    limits: { maxMemory: 64 * MB, maxConnections: 10_000, ...changes.limits },
    performance: {
      hitRate: 92.5,
      keyspaceHits: 925,
      keyspaceMisses: 75,
      evictedKeys: 3,
      expiredKeys: 41,
      ...changes.performance,
    },
  };
}
