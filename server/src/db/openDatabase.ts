import type { Config } from '../config/loadConfig';
import type { Database } from './database';
import { openSqliteDatabase } from './sqlite/openSqliteDatabase';

/** The database the settings name, migrated and ready. */
export async function openDatabase(config: Pick<Config, 'databasePath'>): Promise<Database> {
  return openSqliteDatabase(config.databasePath);
}
