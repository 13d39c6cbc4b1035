import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../config/loadConfig';
import type { Database } from '../db/database';
import type { RedisConnection } from '../redis/redisConnection';
import { createDatabaseStatsAnswer } from './database/databaseStatsAnswer';
import { databaseStatsResponse } from './database/databaseStatsSchema';
import { redisStatsAnswer } from './redis/redisStatsAnswer';

/** The plan the database page names: D1_PLAN on D1; the local file has none. */
export const LOCAL_SQLITE_PLAN = 'Local SQLite';

/** /api/resources: usage of the services the app runs on, for Admins only. */
export const resourcesRoutes: FastifyPluginAsyncZod<{
  authenticate: Authenticate;
  config: Config;
  db: Database;
  redis: RedisConnection | null;
}> = async (app, { authenticate, config, db, redis }) => {
  guardEveryRoute(app, authenticate('Admin'));

  const databaseStats = createDatabaseStatsAnswer(
    db,
    db.engine === 'd1' ? (config.d1?.planName ?? 'Free') : LOCAL_SQLITE_PLAN,
  );
  app.get('/cloudflare', { schema: { response: { 200: databaseStatsResponse } } }, () => databaseStats());
  app.get('/redis', async () => redisStatsAnswer(redis, config.redis?.planName));
};
