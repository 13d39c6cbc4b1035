import { cacheStatsResponse, databaseStatsResponse } from '@auditdesk/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute } from '../auth/guardEveryRoute';
import type { Authenticate } from '../auth/authenticate';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { RedisConnection } from '../../platform/redis/redisConnection';
import { createDatabaseStatsAnswer } from './database/databaseStatsAnswer';
import { redisStatsAnswer } from './redis/redisStatsAnswer';

/** The plan the database page names: D1_PLAN on D1; the local file has none. */
export const LOCAL_SQLITE_PLAN = 'Local SQLite';

const tags = ['Resources'];

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
  app.get(
    '/cloudflare',
    {
      schema: {
        tags,
        summary: "The database's size, rows, today's reads and writes, and its plan's limits",
        description: '503 with the same envelope (and the reason) when the stats cannot be read.',
        response: { 200: databaseStatsResponse },
      },
    },
    () => databaseStats(),
  );
  app.get(
    '/redis',
    {
      schema: {
        tags,
        summary: "The cache's memory, keys, clients, hit rate and limits, from its INFO",
        description:
          'data is null with the reason when REDIS_URL is not set; 503 with the same envelope when Redis cannot answer.',
        response: { 200: cacheStatsResponse },
      },
    },
    async () => redisStatsAnswer(redis, config.redis?.planName),
  );
};
