import BetterSqlite3 from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../../files/privateFolder';
import type { Database, Orm } from '../database';
import { MIGRATIONS_FOLDER } from '../migrationsFolder';
import { createQueryUsage } from '../queryUsage';
import * as schema from '../schema';
import { toQuery } from '../toQuery';
import { countRows } from './countRows';

/**
 * The file holds password hashes: its folder is the owner's alone (0700) and the file
 * and its -wal/-shm companions (SQLite gives them the database file's mode) are 0600.
 */
function createPrivately(file: string): void {
  ensurePrivateFolder(path.dirname(file));
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

/** Opens (creating if needed) the SQLite file in WAL mode and applies pending migrations. */
export function openSqliteDatabase(file: string): Database & { client: BetterSqlite3.Database } {
  createPrivately(file);
  const client = new BetterSqlite3(file);
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  const usage = createQueryUsage();
  countRows(client, usage);
  const orm = drizzle(client, { schema });
  migrate(orm, { migrationsFolder: MIGRATIONS_FOLDER });

  return {
    engine: 'sqlite',
    orm: orm as unknown as Orm,
    client,
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
}
