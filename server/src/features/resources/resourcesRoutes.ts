import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { RedisConnection } from '../../platform/redis/redisConnection';
import { createDatabaseStatsAnswer } from './database/databaseStatsAnswer';
import { D1_FREE_PLAN_LIMITS, NO_PLAN_LIMITS } from './database/d1FreePlan';
import { redisStatsAnswer } from './redis/redisStatsAnswer';

/** The plan the database page names: D1_PLAN on D1 with D1's limits; the local file has none. */
export const LOCAL_SQLITE_PLAN = 'Local SQLite';

/** /api/resources: usage of the services the app runs on, for Admins only. */
export const resourcesRoutes: FastifyPluginAsync<{
  authenticate: Authenticate;
  config: Config;
  db: Database;
  redis: RedisConnection | null;
}> = async (app, { authenticate, config, db, redis }) => {
  const route = operationRoutes(app, authenticate);
  const databaseStats = createDatabaseStatsAnswer(
    db,
    db.engine === 'd1'
      ? { name: config.d1?.planName ?? 'Free', limits: D1_FREE_PLAN_LIMITS }
      : { name: LOCAL_SQLITE_PLAN, limits: NO_PLAN_LIMITS },
  );
  route('resourcesDatabase', () => databaseStats());
  route('resourcesCache', async () => redisStatsAnswer(redis, config.redis?.planName));
};
