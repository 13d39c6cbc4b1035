import { pino, type LoggerOptions } from 'pino';
import { buildApp, type BuildAppOptions } from './app';
import { protectMigrations } from './features/backups/backupServices';
import { ensureBootstrapAdmin } from './features/auth/ensureBootstrapAdmin';
import type { Config } from './platform/config/loadConfig';
import { openDatabase } from './platform/db/openDatabase';
import { loggerOptions } from './platform/logging/loggerOptions';

export interface OpenAppOptions extends Omit<BuildAppOptions, 'config' | 'db'> {
  /** How the database is opened (tests make the D1 client's retries quick). */
  database?: Parameters<typeof openDatabase>[1];
}

/**
 * The start sequence of the server, the benchmarks and the tests: the database of the
 * settings (a restore point first when migrations are due), the app and its services, its
 * first admin (ADMIN_EMAIL, or a generated one on a new database). `close()` closes the app,
 * then the database.
 */
export async function openApp(config: Config, { database, ...options }: OpenAppOptions = {}) {
  // the app's logger exists once the app does: the start's own lines go out the same way
  const startLog = pino(loggerOptions(config, options.terminal) as LoggerOptions);
  const db = await openDatabase(config, {
    ...database,
    beforeMigrations: protectMigrations(config.backups, startLog),
  });
  let built: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    built = await buildApp({ config, db, ...options });
    const { app, services } = built;
    const admin = await ensureBootstrapAdmin(config, services.users, services.passwords);
    return {
      app,
      services,
      db,
      admin,
      async close(): Promise<void> {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await built?.app.close();
    await db.close();
    throw error;
  }
}
