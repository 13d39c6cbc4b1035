import type { RedisConnection } from '../redis/redisConnection';
import type { Body, BodyStore } from './bodyStore';

/** Long enough to be shared, short enough that bodies of old data versions go by themselves. */
export const CACHED_BODY_TTL_MS = 15 * 60 * 1000;

/** One value per body: the JSON's length (4 bytes), the JSON, then its gzip. */
function encode({ json, gzipped }: Body): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, gzipped]);
}

function decode(value: Buffer): Body | undefined {
  if (value.length < 4) return undefined;
  const jsonLength = value.readUInt32BE(0);
  if (value.length < 4 + jsonLength) return undefined;
  return { json: value.subarray(4, 4 + jsonLength), gzipped: value.subarray(4 + jsonLength) };
}

/**
 * Keeps one body within the cache's byte budget, atomically on the Redis side: every body's
 * key is listed by when it was put (a sorted set) with its size (a hash), and the oldest go
 * until the total fits. A read's key names its inputs, so without a budget distinct inputs
 * (any date range) would fill the Redis that also holds the sync lock and the sign-in limits.
 */
const PUT_WITHIN_BUDGET = `
local body, index, sizes, total = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local value, ttl, now, budget = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local function forget(key)
  local size = tonumber(redis.call('HGET', sizes, key) or '0')
  redis.call('HDEL', sizes, key)
  redis.call('ZREM', index, key)
  return redis.call('DECRBY', total, size)
end
for _, key in ipairs(redis.call('ZRANGEBYSCORE', index, '-inf', now - ttl)) do forget(key) end
forget(body)
redis.call('SET', body, value, 'PX', ttl)
redis.call('HSET', sizes, body, #value)
redis.call('ZADD', index, now, body)
local used = redis.call('INCRBY', total, #value)
while used > budget do
  local oldest = redis.call('ZRANGE', index, 0, 0)[1]
  if not oldest then break end
  redis.call('DEL', oldest)
  used = forget(oldest)
end
for _, key in ipairs({ index, sizes, total }) do redis.call('PEXPIRE', key, ttl) end
return used
`;

/**
 * Bodies in Redis, shared by every instance (under REDIS_PREFIX + "cache:"), at most
 * `maxBytes` of them (REDIS_CACHE_MAX_BYTES). Redis away or slow: a miss, and the read is
 * built here instead.
 */
export function createRedisBodyStore(
  connection: RedisConnection,
  { maxBytes, ttlMs = CACHED_BODY_TTL_MS }: { maxBytes: number; ttlMs?: number },
): BodyStore {
  const { client } = connection;
  const keyOf = (key: string) => `cache:${key}`;
  const budgetKeys = ['cache-budget:index', 'cache-budget:sizes', 'cache-budget:total'];
  return {
    async get(key) {
      if (!connection.isReady()) return undefined;
      const value = await client.getBuffer(keyOf(key)).catch(() => null);
      return value ? decode(value) : undefined;
    },
    async put(key, body) {
      if (!connection.isReady()) return;
      const value = encode(body);
      if (value.length > maxBytes) return; // it would only push out everything else
      await client
        .eval(PUT_WITHIN_BUDGET, 4, keyOf(key), ...budgetKeys, value, ttlMs, Date.now(), maxBytes)
        .catch(() => undefined);
    },
    /** Every body and the budget's bookkeeping, found by SCAN (the client's prefix is not applied to MATCH). */
    async clear() {
      if (!connection.isReady()) return;
      try {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(
            cursor,
            'MATCH',
            `${connection.prefix}cache:*`,
            'COUNT',
            500,
          );
          cursor = next;
          const own = keys.map((key) => key.slice(connection.prefix.length));
          if (own.length > 0) await client.del(...own);
        } while (cursor !== '0');
        await client.del(...budgetKeys);
      } catch {
        // Redis away: its bodies expire by themselves, and every key names a data version a restore moves past
      }
    },
  };
}
