import { preferRedis } from '../redis/preferRedis';
import type { RedisConnection } from '../redis/redisConnection';
import type { CounterStore } from './counterStore';

/**
 * Counts in Redis while it answers and in this process while it does not: during an
 * outage each instance still limits attempts on its own, and sign-in keeps working.
 */
export function createSharedCounterStore(
  connection: RedisConnection,
  shared: CounterStore,
  local: CounterStore,
): CounterStore {
  const either = preferRedis(connection);
  return {
    hit: (key, windowMs) =>
      either(
        () => shared.hit(key, windowMs),
        () => local.hit(key, windowMs),
      ),
    peek: (key) =>
      either(
        () => shared.peek(key),
        () => local.peek(key),
      ),
    mark: (key, ttlMs) =>
      either(
        () => shared.mark(key, ttlMs),
        () => local.mark(key, ttlMs),
      ),
    isMarked: (key) =>
      either(
        () => shared.isMarked(key),
        () => local.isMarked(key),
      ),
  };
}
