import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { migrate } from 'drizzle-orm/sqlite-proxy/migrator';
import type { D1Settings } from '../../config/loadConfig';
import type { BeforeMigrations, Database, Orm } from '../database';
import { rootDatabaseError } from '../databaseUnavailable';
import { HAS_MIGRATIONS_SQL, pendingMigrations, SCHEMA_LEVEL_SQL, type SchemaLevel } from '../migrationState';
import { MIGRATIONS_FOLDER } from '../migrationsFolder';
import { createQueryUsage } from '../queryUsage';
import * as schema from '../schema';
import { toQuery } from '../toQuery';
import { createD1Api, type D1Api, type D1Query } from './d1Api';
import { d1UsageToday } from './d1Usage';
import type { RetryPolicy } from '../../http/retryPolicy';
import { toD1Value } from './toD1Value';

const d1Query = (sql: string, params: unknown[]): D1Query => ({ sql, params: params.map(toD1Value) });

/**
 * Cloudflare D1 over its REST API: Drizzle's sqlite-proxy driver on `/raw` (rows as arrays,
 * which Drizzle maps by position), raw reads on `/query`, a batch as one call (one
 * transaction on D1). Pending migrations are applied at start in one batch.
 */
export async function openD1Database(
  settings: D1Settings,
  options: { retry?: RetryPolicy; beforeMigrations?: BeforeMigrations } = {},
): Promise<Database & { api: D1Api }> {
  const usage = createQueryUsage();
  const api = createD1Api(settings, {
    retry: options.retry,
    onStatement: (meta) => {
      usage.read(meta.rows_read ?? 0);
      usage.written(meta.rows_written ?? 0);
    },
  });

  const orm = drizzle(
    async (sql, params, method) => {
      const [result] = await api.query([d1Query(sql, params)], 'rows');
      const rows = result?.results.rows ?? [];
      // 'get' wants the one row itself (undefined when there is none)
      return { rows: method === 'get' ? (rows[0] as unknown[]) : rows };
    },
    { schema },
  );
  async function schemaLevel(): Promise<SchemaLevel | null> {
    const [has] = await api.query([d1Query(HAS_MIGRATIONS_SQL, [])], 'objects');
    if (!(has?.results[0] as { n: number } | undefined)?.n) return null;
    const [level] = await api.query([d1Query(SCHEMA_LEVEL_SQL, [])], 'objects');
    return level!.results[0] as unknown as SchemaLevel;
  }

  /** Applies pending migrations in one batch; answers their tags. */
  async function migrateForward(): Promise<string[]> {
    const pending = pendingMigrations((await schemaLevel()) ?? { applied: 0, latestWhen: 0 });
    if (pending.length === 0) return [];
    await migrate(
      orm,
      async (queries) => {
        if (queries.length > 0)
          await api.query(
            queries.map((sql) => d1Query(sql, [])),
            'objects',
          );
      },
      { migrationsFolder: MIGRATIONS_FOLDER },
    ).catch((error: unknown) => {
      throw rootDatabaseError(error);
    });
    return pending;
  }

  const database: Database & { api: D1Api } = {
    engine: 'd1',
    orm: orm as unknown as Orm,
    api,
    usage,
    async all<T>(query: SQL): Promise<T[]> {
      const { sql, params } = toQuery(query);
      const [result] = await api.query([d1Query(sql, params)], 'objects');
      return (result?.results ?? []) as T[];
    },
    async batch(statements) {
      if (statements.length === 0) return [];
      const results = await api.query(
        statements.map(toQuery).map(({ sql, params }) => d1Query(sql, params)),
        'objects',
      );
      return results.map((result) => result.meta.changes);
    },
    migrate: () => migrateForward(),
    async describe() {
      const [info, today] = await Promise.all([api.info(), d1UsageToday(api, settings)]);
      return { name: info.name, sizeBytes: info.file_size, today };
    },
    async close() {
      // nothing held open: every call is its own HTTP request
    },
  };
  const level = await schemaLevel().catch((error: unknown) => {
    throw rootDatabaseError(error);
  });
  const pending = level ? pendingMigrations(level) : [];
  // a database with migrations to apply and data in it: whoever protects it hears first
  const after = pending.length > 0 ? await options.beforeMigrations?.(database, pending) : undefined;
  await migrateForward();
  await after?.();
  return database;
}
