import type { RedisConnection } from '../redis/redisConnection';
import type { CounterStore } from './counterStore';

/** INCR, and PEXPIRE when the window begins (or a count somehow lost its expiry); the count and time left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/**
 * Counters and marks in Redis (under REDIS_PREFIX + "limits:"), so every instance counts
 * the same attempts: fixed windows by INCR + PEXPIRE, marks by SET PX. Throws when Redis
 * cannot be reached; see createSharedCounterStore for the fallback.
 */
export function createRedisCounterStore(connection: RedisConnection): CounterStore {
  const { client } = connection;
  const keyOf = (key: string) => `limits:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, left] = (await client.eval(HIT, 1, keyOf(key), windowMs)) as [number, number];
      return { count, resetInMs: left };
    },
    async peek(key) {
      const [[, count], [, left]] = (await client.multi().get(keyOf(key)).pttl(keyOf(key)).exec())! as [
        [Error | null, string | null],
        [Error | null, number],
      ];
      if (count === null || left < 0) return { count: 0, resetInMs: 0 };
      return { count: Number(count), resetInMs: left };
    },
    async mark(key, ttlMs) {
      await client.set(keyOf(key), '1', 'PX', ttlMs);
    },
    async isMarked(key) {
      return (await client.exists(keyOf(key))) === 1;
    },
  };
}
