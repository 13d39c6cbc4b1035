import type { Config } from '../config/loadConfig';
import type { BeforeMigrations, Database } from './database';
import { openD1Database } from './d1/openD1Database';
import type { RetryPolicy } from '../http/retryPolicy';
import { openSqliteDatabase } from './sqlite/openSqliteDatabase';

export type DatabaseSettings = Pick<Config, 'databasePath'> & Partial<Pick<Config, 'database' | 'd1'>>;

/** The database the settings name (DATABASE), migrated and ready (`beforeMigrations`: see BeforeMigrations). */
export async function openDatabase(
  config: DatabaseSettings,
  options: { d1Retry?: RetryPolicy; beforeMigrations?: BeforeMigrations } = {},
): Promise<Database> {
  const { beforeMigrations } = options;
  if (config.database === 'd1') {
    if (!config.d1) throw new Error('DATABASE is d1 but the D1 settings are missing.');
    return openD1Database(config.d1, { retry: options.d1Retry, beforeMigrations });
  }
  return openSqliteDatabase(config.databasePath, { beforeMigrations });
}
