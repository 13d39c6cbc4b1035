import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisSettings } from '../config/loadConfig';
import { createRedisConnection, type RedisConnection } from './redisConnection';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis when REDIS_URL is set; null means everything stays in-process. */
    redis: RedisConnection | null;
  }
}

/** Opens the Redis connection of REDIS_URL (nothing without it) and closes it with the app. */
export const redisPlugin = fp(
  async (app: FastifyInstance, { settings }: { settings: RedisSettings | undefined }) => {
    const connection = settings ? createRedisConnection(settings, app.log) : null;
    app.decorate('redis', connection);
    if (connection) app.addHook('onClose', () => connection.close());
  },
  { name: 'redis' },
);
