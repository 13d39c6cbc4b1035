import type { RedisConnection } from './redisConnection';

/**
 * Runs `shared` (the Redis way) while Redis answers, and `local` (this process's) when it is
 * away or fails: an outage costs sharing between instances, never the request.
 */
export function preferRedis(connection: RedisConnection) {
  return async <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> => {
    if (!connection.isReady()) return local();
    try {
      return await shared();
    } catch {
      return local();
    }
  };
}
