import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../config/loadConfig';
import type { RedisConnection } from '../redis/redisConnection';
import { redisStatsAnswer } from './redis/redisStatsAnswer';

/** /api/resources: usage of the services the app runs on, for Admins only. */
export const resourcesRoutes: FastifyPluginAsyncZod<{
  authenticate: Authenticate;
  config: Config;
  redis: RedisConnection | null;
}> = async (app, { authenticate, config, redis }) => {
  guardEveryRoute(app, authenticate('Admin'));

  app.get('/redis', async () => redisStatsAnswer(redis, config.redis?.planName));
};
