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
 * Bodies in Redis, shared by every instance (under REDIS_PREFIX + "cache:"). Redis away
 * or slow: a miss, and the read is built here instead.
 */
export function createRedisBodyStore(connection: RedisConnection, ttlMs = CACHED_BODY_TTL_MS): BodyStore {
  const { client } = connection;
  const keyOf = (key: string) => `cache:${key}`;
  return {
    async get(key) {
      if (!connection.isReady()) return undefined;
      const value = await client.getBuffer(keyOf(key)).catch(() => null);
      return value ? decode(value) : undefined;
    },
    async put(key, body) {
      if (!connection.isReady()) return;
      await client.set(keyOf(key), encode(body), 'PX', ttlMs).catch(() => undefined);
    },
  };
}
