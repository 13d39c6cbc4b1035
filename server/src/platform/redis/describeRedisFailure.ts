import { COMMAND_TIMEOUT_MS } from './redisClientOptions';

/** What went wrong talking to Redis, in words an operator can act on (no credentials). */
export function describeRedisFailure(error: unknown, address: string): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/enableOfflineQueue|Connection is closed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT/.test(message)) {
    return `Redis at ${address} is not reachable; the server keeps reconnecting in the background.`;
  }
  if (/Command timed out/.test(message)) {
    return `Redis at ${address} did not answer within ${COMMAND_TIMEOUT_MS / 1000} s.`;
  }
  return `Redis at ${address} failed: ${message}`;
}
