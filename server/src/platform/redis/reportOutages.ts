import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Logs an outage once, when it begins, and once more when the connection is back.
 * ioredis emits an error for every failed reconnection attempt; without a listener it
 * would print each of them.
 */
export function reportOutages(client: Redis, log: FastifyBaseLogger): void {
  let connectedOnce = false;
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ err: error }, 'Redis is unavailable; reconnecting in the background');
  });
  client.on('ready', () => {
    if (down) log.info('Redis connection restored');
    else if (!connectedOnce) log.info('Redis connected');
    connectedOnce = true;
    down = false;
  });
}
