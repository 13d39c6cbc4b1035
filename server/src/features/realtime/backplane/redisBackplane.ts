import type { Redis } from 'ioredis';
import type { RedisConnection } from '../../../platform/redis/redisConnection';
import type { HubBackplane } from './hubBackplane';

/**
 * The hub backplane over Redis pub/sub: PUBLISH on the main client, a subscriber client of
 * its own for the channels this instance has connections for. Channel names start with
 * REDIS_PREFIX (ioredis puts the prefix before keys only, not channels).
 */
export function createRedisBackplane(connection: RedisConnection): HubBackplane {
  const subscriber: Redis = connection.createClient('hub-subscriber', { autoResubscribe: false });
  const publisher = connection.client;
  const wanted = new Map<string, number>();
  const handlers: ((channel: string, payload: string) => void)[] = [];
  const full = (channel: string) => `${connection.prefix}${channel}`;

  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(connection.prefix)) return;
    const name = channel.slice(connection.prefix.length);
    for (const handler of handlers) handler(name, payload);
  });
  // after an outage the server knows none of our channels: ask for all of them again
  subscriber.on('ready', () => {
    if (wanted.size > 0) subscriber.subscribe(...[...wanted.keys()].map(full)).catch(() => undefined);
  });

  return {
    publish(channel, payload) {
      publisher.publish(full(channel), payload).catch(() => undefined); // the outage is logged by the connection
    },

    async join(channel) {
      const count = wanted.get(channel) ?? 0;
      wanted.set(channel, count + 1);
      if (count > 0 || subscriber.status !== 'ready') return;
      await subscriber.subscribe(full(channel)).catch(() => undefined);
    },

    leave(channel) {
      const count = wanted.get(channel) ?? 0;
      if (count > 1) return void wanted.set(channel, count - 1);
      if (count === 0) return;
      wanted.delete(channel);
      if (subscriber.status === 'ready') subscriber.unsubscribe(full(channel)).catch(() => undefined);
    },

    onMessage(handler) {
      handlers.push(handler);
    },
  };
}
