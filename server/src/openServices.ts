import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './platform/config/loadConfig';
import { protectMigrations } from './features/backups/backupServices';
import { openDatabase } from './platform/db/openDatabase';
import { createRedisConnection } from './platform/redis/redisConnection';
import { createServices, type ServicesOptions } from './services';

/**
 * The start sequence of the command line and the benchmarks that need no HTTP: the
 * database and REDIS_URL's connection of the settings, and the services over them (with
 * Redis, a run's progress and the bells reach the browsers of every instance). Logs go to
 * stderr. `close()` stops the services and closes Redis and the database.
 */
export async function openServices(
  config: Config,
  options: Omit<ServicesOptions, 'config' | 'db' | 'redis' | 'log'> = {},
) {
  const log: FastifyBaseLogger = pino({ level: config.logLevel }, pino.destination(2));
  const db = await openDatabase(config, { beforeMigrations: protectMigrations(config.backups, log) });
  const redis = config.redis ? createRedisConnection(config.redis, log) : null;
  const services = createServices({ ...options, config, db, redis, log });
  return {
    ...services,
    db,
    async close(): Promise<void> {
      services.hub.stop();
      await services.stop();
      await redis?.close();
      await db.close();
    },
  };
}
