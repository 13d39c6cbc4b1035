import { cacheStatsFromInfo, hitRate } from '../../src/features/resources/redis/cacheStatsFromInfo';
import { parseRedisInfo } from '../../src/features/resources/redis/parseRedisInfo';

const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';

/** Excerpts of a real Redis 7.0.15 `INFO` reply (Debian's redis-server). */
const REDIS_7 = crlf([
  '# Server',
  'redis_version:7.0.15',
  'redis_mode:standalone',
  'os:Linux 6.1.0 x86_64',
  'uptime_in_seconds:93784',
  'uptime_in_days:1',
  'config_file:',
  '',
  '# Clients',
  'connected_clients:7',
  'maxclients:10000',
  'blocked_clients:0',
  '',
  '# Memory',
  'used_memory:1038832',
  'used_memory_human:1014.48K',
  'used_memory_peak:2099200',
  'maxmemory:67108864',
  'maxmemory_human:64.00M',
  'maxmemory_policy:allkeys-lru',
  '',
  '# Stats',
  'keyspace_hits:300',
  'keyspace_misses:100',
  'evicted_keys:12',
  'expired_keys:45',
  'expired_stale_perc:0.00',
  '',
  '# Keyspace',
  'db0:keys=120,expires=4,avg_ttl=35000',
  'db3:keys=5,expires=0,avg_ttl=0,subexpiry=0',
]);

/** Valkey keeps redis_version at the Redis version it is compatible with. */
const VALKEY_8 = crlf([
  '# Server',
  'redis_version:7.2.4',
  'server_name:valkey',
  'valkey_version:8.0.1',
  'uptime_in_seconds:61',
  '# Clients',
  'connected_clients:1',
  'maxclients:4064',
  '# Memory',
  'used_memory:900000',
  'used_memory_peak:950000',
  'maxmemory:0',
  '# Stats',
  'keyspace_hits:0',
  'keyspace_misses:0',
  'evicted_keys:0',
  'expired_keys:0',
  '# Keyspace',
]);

/** A Redis 5 reply: no maxclients in INFO. */
const REDIS_5 = ['# Server', 'redis_version:5.0.14', '# Clients', 'connected_clients:2'].join('\n');

describe('parseRedisInfo', () => {
  it('reads fields from every section and the keyspace lines per database', () => {
    const info = parseRedisInfo(REDIS_7);
    expect(info.fields).toMatchObject({
      redis_version: '7.0.15',
      os: 'Linux 6.1.0 x86_64',
      used_memory_human: '1014.48K',
      maxmemory_policy: 'allkeys-lru',
      config_file: '',
    });
    expect(info.keyspace).toEqual({
      db0: { keys: 120, expires: 4, avg_ttl: 35000 },
      db3: { keys: 5, expires: 0, avg_ttl: 0, subexpiry: 0 },
    });
  });

  it('skips what it does not recognise', () => {
    const info = parseRedisInfo('garbage\n:novalue\n# Stats\nkeyspace_hits:4\nmodule:name=x,ver=1\n');
    expect(info).toEqual({ fields: { keyspace_hits: '4', module: 'name=x,ver=1' }, keyspace: {} });
  });
});

describe('cacheStatsFromInfo', () => {
  it("gives the spec's cache stats, keys summed over every database", () => {
    expect(cacheStatsFromInfo(parseRedisInfo(REDIS_7), { planName: 'Self-hosted' })).toEqual({
      planName: 'Self-hosted',
      serverInfo: { product: 'Redis', version: '7.0.15', uptime: 93784 },
      usage: { usedMemory: 1038832, peakMemory: 2099200, totalKeys: 125, connectedClients: 7 },
      limits: { maxMemory: 67108864, maxConnections: 10000 },
      performance: { hitRate: 75, keyspaceHits: 300, keyspaceMisses: 100, evictedKeys: 12, expiredKeys: 45 },
    });
  });

  it('names Valkey by its own version, keeps maxmemory 0 as "no limit" and has no hit rate before a lookup', () => {
    const stats = cacheStatsFromInfo(parseRedisInfo(VALKEY_8), { planName: 'Free' });
    expect(stats.serverInfo).toEqual({ product: 'Valkey', version: '8.0.1', uptime: 61 });
    expect(stats.limits.maxMemory).toBe(0);
    expect(stats.usage.totalKeys).toBe(0);
    expect(stats.performance.hitRate).toBeNull();
  });

  it('takes maxclients from CONFIG GET where INFO lacks it, and null where that was refused', () => {
    const info = parseRedisInfo(REDIS_5);
    expect(cacheStatsFromInfo(info, { planName: 'x', maxClients: 128 }).limits.maxConnections).toBe(128);
    expect(cacheStatsFromInfo(info, { planName: 'x', maxClients: null }).limits.maxConnections).toBeNull();
    expect(cacheStatsFromInfo(info, { planName: 'x' }).usage).toEqual({
      usedMemory: 0,
      peakMemory: 0,
      totalKeys: 0,
      connectedClients: 2,
    });
  });
});

describe('hitRate', () => {
  it.each([
    [0, 0, null],
    [1, 0, 100],
    [0, 5, 0],
    [2, 1, 66.67],
  ])('%i hits and %i misses → %p', (hits, misses, rate) => {
    expect(hitRate(hits, misses)).toBe(rate);
  });
});
