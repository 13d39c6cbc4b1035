import type { RedisOptions } from 'ioredis';

/** A connection attempt that takes longer is abandoned and retried. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** A command that gets no reply within this fails with a timeout. */
export const COMMAND_TIMEOUT_MS = 2_000;
/** The longest pause between reconnection attempts; they never stop. */
export const MAX_RECONNECT_DELAY_MS = 2_000;

/** The one set of client options every Redis client of the app uses. */
export function redisClientOptions(prefix: string, purpose: string): RedisOptions {
  return {
    keyPrefix: prefix,
    connectionName: `auditdesk-${purpose}`,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // While disconnected a command fails at once instead of waiting in a queue with no
    // bound: callers fall back (an uncached read, a clear 503) rather than hang.
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails at the first reconnection
    // attempt; nothing is replayed later, when its caller has long given up.
    maxRetriesPerRequest: 1,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  };
}
