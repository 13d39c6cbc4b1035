import BetterSqlite3 from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../../files/privateFolder';
import type { BeforeMigrations, Database, Orm } from '../database';
import { HAS_MIGRATIONS_SQL, pendingMigrations, SCHEMA_LEVEL_SQL, type SchemaLevel } from '../migrationState';
import { MIGRATIONS_FOLDER } from '../migrationsFolder';
import { createQueryUsage, type QueryUsage } from '../queryUsage';
import * as schema from '../schema';
import { toQuery } from '../toQuery';
import { countRows } from './countRows';
import type { SqliteFile } from './sqliteFile';

/**
 * The file holds password hashes: its folder is the owner's alone (0700) and the file
 * and its -wal/-shm companions (SQLite gives them the database file's mode) are 0600.
 */
function createPrivately(file: string): void {
  ensurePrivateFolder(path.dirname(file));
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

/** The name a database is kept under while a replacement takes its place (removed once the replacement opened). */
const beforeReplacement = (file: string) => `${file}.before-restore`;

function connect(file: string, usage: QueryUsage): BetterSqlite3.Database {
  const client = new BetterSqlite3(file);
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  countRows(client, usage);
  return client;
}

function schemaLevelOf(client: BetterSqlite3.Database): SchemaLevel | null {
  const { n } = client.prepare(HAS_MIGRATIONS_SQL).get() as { n: number };
  return n === 0 ? null : (client.prepare(SCHEMA_LEVEL_SQL).get() as SchemaLevel);
}

/** What a stopped restore or snapshot left beside the database: never a database to open. */
function removeLeftovers(file: string): void {
  // the replacement was renamed into place before the stop (the database is the new one), or not
  // yet (the database is the old one, and the half-written replacement is no database)
  for (const leftover of [beforeReplacement(file), `${file}.restoring`]) fs.rmSync(leftover, { force: true });
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode and applies pending migrations
 * (`beforeMigrations` first hears which, on a database that has some and is not new).
 */
export async function openSqliteDatabase(
  file: string,
  { beforeMigrations }: { beforeMigrations?: BeforeMigrations } = {},
): Promise<Database & { sqlite: SqliteFile }> {
  createPrivately(file);
  removeLeftovers(file);
  const usage = createQueryUsage();
  let client = connect(file, usage);
  let inode = fs.statSync(file).ino;
  // every query goes to the connection of now: a restore replaces it under the same Drizzle
  const handle = new Proxy({} as BetterSqlite3.Database, {
    get(_target, property) {
      const value = Reflect.get(client, property, client) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
  const orm = drizzle({ client: handle, schema });

  /** Applies pending migrations; answers their tags. */
  function migrateForward(): string[] {
    const level = schemaLevelOf(client);
    const pending = pendingMigrations(level ?? { applied: 0, latestWhen: 0 });
    if (pending.length > 0) migrate(orm, { migrationsFolder: MIGRATIONS_FOLDER });
    return pending;
  }

  function reopen(): void {
    client = connect(file, usage);
    inode = fs.statSync(file).ino;
  }

  const sqlite: SqliteFile = {
    path: file,
    connection: () => client,
    replaceWith(replacement) {
      const kept = beforeReplacement(file);
      // an empty WAL: nothing of the old database can be replayed onto the new one
      client.pragma('wal_checkpoint(TRUNCATE)');
      client.close();
      fs.rmSync(kept, { force: true });
      fs.linkSync(file, kept);
      try {
        fs.renameSync(replacement, file);
        for (const companion of ['-wal', '-shm']) fs.rmSync(`${file}${companion}`, { force: true });
        reopen();
        const applied = migrateForward();
        fs.rmSync(kept, { force: true });
        return applied;
      } catch (error) {
        if (client.open) client.close();
        fs.renameSync(kept, file);
        for (const companion of ['-wal', '-shm']) fs.rmSync(`${file}${companion}`, { force: true });
        reopen();
        throw error;
      }
    },
    followReplacement() {
      let now: number;
      try {
        now = fs.statSync(file).ino;
      } catch {
        return false; // renamed away for an instant: the next look sees the new one
      }
      if (now === inode) return false;
      if (client.open) client.close();
      reopen();
      return true;
    },
  };

  const level = schemaLevelOf(client);
  const pending = level ? pendingMigrations(level) : [];
  const database: Database & { sqlite: SqliteFile } = {
    engine: 'sqlite',
    orm: orm as unknown as Orm,
    sqlite,
    usage,
    async all<T>(query: SQL): Promise<T[]> {
      const { sql, params } = toQuery(query);
      return client.prepare(sql).all(...params) as T[];
    },
    async batch(statements) {
      const queries = statements.map(toQuery);
      return client.transaction(() =>
        queries.map(({ sql, params }) => client.prepare(sql).run(...params).changes),
      )();
    },
    local: {
      transaction: (work) => client.transaction(work)(),
      prepare(source) {
        const statement = client.prepare(source);
        return (...params) => statement.run(...params).changes;
      },
      run(statement) {
        const { sql, params } = toQuery(statement);
        return client.prepare(sql).run(...params).changes;
      },
      all<T>(query: SQL): T[] {
        const { sql, params } = toQuery(query);
        return client.prepare(sql).all(...params) as T[];
      },
    },
    async migrate() {
      return migrateForward();
    },
    async describe() {
      const pageCount = client.pragma('page_count', { simple: true }) as number;
      const pageSize = client.pragma('page_size', { simple: true }) as number;
      const { rowsRead, rowsWritten } = usage.today();
      return { name: path.basename(file), sizeBytes: pageCount * pageSize, today: { rowsRead, rowsWritten } };
    },
    async close() {
      if (client.open) client.close();
    },
  };
  try {
    // a database with migrations to apply and data in it: whoever protects it hears first
    const after = pending.length > 0 ? await beforeMigrations?.(database, pending) : undefined;
    migrateForward();
    await after?.();
  } catch (error) {
    client.close();
    throw error;
  }
  return database;
}
