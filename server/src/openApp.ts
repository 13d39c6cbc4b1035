import { pino, type LoggerOptions } from 'pino';
import { buildApp, type BuildAppOptions } from './app';
import { protectMigrations } from './features/backups/backupServices';
import { ensureBootstrapAdmin } from './features/auth/ensureBootstrapAdmin';
import { createPasswords, type Passwords } from './features/auth/passwords';
import { createUsersRepository } from './features/users/usersRepository';
import type { Config } from './platform/config/loadConfig';
import { openDatabase } from './platform/db/openDatabase';
import { loggerOptions } from './platform/logging/loggerOptions';

export interface OpenAppOptions extends Omit<BuildAppOptions, 'config' | 'db'> {
  /** How the bootstrap admin's password is hashed (tests use a cheap scrypt). */
  passwords?: Passwords;
  /** How the database is opened (tests make the D1 client's retries quick). */
  database?: Parameters<typeof openDatabase>[1];
}

/**
 * The start sequence of the server, the benchmarks and the tests: the database of the
 * settings (a restore point first when migrations are due), its first admin (ADMIN_EMAIL, or a generated one on a new database), the app.
 * `close()` closes the app, then the database.
 */
export async function openApp(
  config: Config,
  { passwords = createPasswords(), database, ...options }: OpenAppOptions = {},
) {
  // the app's logger exists once the app does: the start's own lines go out the same way
  const startLog = pino(loggerOptions(config, options.terminal) as LoggerOptions);
  const db = await openDatabase(config, {
    ...database,
    beforeMigrations: protectMigrations(config.backups, startLog),
  });
  try {
    const admin = await ensureBootstrapAdmin(config, createUsersRepository(db), passwords);
    const app = await buildApp({ config, db, ...options });
    return {
      app,
      db,
      admin,
      async close(): Promise<void> {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
