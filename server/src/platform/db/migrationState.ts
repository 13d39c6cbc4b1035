import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './migrationsFolder';

/** One migration of the code: drizzle-kit's journal entry (`when` is what `__drizzle_migrations.created_at` records). */
export interface KnownMigration {
  tag: string;
  when: number;
}

/** The schema a database (or a snapshot of one) is at: its newest applied migration. */
export interface SchemaLevel {
  /** How many migrations were applied. */
  applied: number;
  /** The newest one's time (drizzle's created_at); 0 for a database without migrations. */
  latestWhen: number;
}

let journal: KnownMigration[] | null = null;

/** The code's migrations, oldest first. */
export function knownMigrations(): KnownMigration[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: KnownMigration[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));
  return journal;
}

/** The schema this code migrates a database to. */
export function codeSchemaLevel(): SchemaLevel {
  const migrations = knownMigrations();
  return { applied: migrations.length, latestWhen: migrations.at(-1)?.when ?? 0 };
}

/** The code's migrations a database at `level` has not applied yet (drizzle applies those newer than its newest). */
export function pendingMigrations(level: SchemaLevel): string[] {
  return knownMigrations()
    .filter((migration) => migration.when > level.latestWhen)
    .map((migration) => migration.tag);
}

/**
 * Why a database at `level` cannot be used by this code, or null: a newer release migrated it
 * (a migration this code does not know), so this code would misread it.
 */
export function newerSchemaProblem(level: SchemaLevel): string | null {
  const code = codeSchemaLevel();
  if (level.latestWhen <= code.latestWhen) return null;
  return `it was made by a newer release of Auditdesk (its schema has ${level.applied} migrations, the newest from ${new Date(level.latestWhen).toISOString().slice(0, 10)}; this server knows ${code.applied}). Update the server first, then restore it.`;
}

/** The SQL that reads a database's schema level; answers no row when it has never been migrated. */
export const SCHEMA_LEVEL_SQL =
  'SELECT count(*) AS applied, coalesce(max(created_at), 0) AS latestWhen FROM __drizzle_migrations';

/** The SQL that tells whether the migrations table exists. */
export const HAS_MIGRATIONS_SQL =
  "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'";
