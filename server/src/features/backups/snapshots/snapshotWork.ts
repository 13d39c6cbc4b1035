import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import { HAS_MIGRATIONS_SQL, SCHEMA_LEVEL_SQL, type SchemaLevel } from '../../../platform/db/migrationState';

/**
 * The tables whose rows a snapshot records: what an operator checks after a restore (and
 * the drill compares). Tables a release does not have yet are left out.
 */
export const COUNTED_TABLES = [
  'users',
  'leads',
  'lead_history',
  'lead_office_values',
  'lead_actions',
  'saved_views',
  'user_preferences',
  'sync_runs',
  'notifications',
] as const;

/** What checking a database file found. */
export interface DatabaseCheck {
  /** null: SQLite's integrity_check answered ok; else its first complaints. */
  problem: string | null;
  counts: Record<string, number>;
  historyMaxId: number;
  schema: SchemaLevel;
}

/**
 * The database as it is now, copied to `target` as one consistent read (VACUUM INTO on a
 * connection of its own: the server keeps writing meanwhile, and the copy is compact).
 */
export function copyDatabase(source: string, target: string): void {
  fs.rmSync(target, { force: true });
  const connection = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 10000');
    connection.prepare('VACUUM INTO ?').run(target);
  } finally {
    connection.close();
  }
}

/** Opens a database file read-only and checks it: SQLite's integrity_check, the rows of the main tables, its schema. */
export function checkDatabase(file: string): DatabaseCheck {
  let connection: BetterSqlite3.Database;
  try {
    connection = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return {
      problem: `it cannot be opened: ${String(error)}`,
      counts: {},
      historyMaxId: 0,
      schema: { applied: 0, latestWhen: 0 },
    };
  }
  try {
    const answers = connection.pragma('integrity_check') as { integrity_check: string }[];
    const complaints = answers.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (complaints.length > 0)
      return {
        problem: `integrity_check: ${complaints.slice(0, 5).join('; ')}`,
        counts: {},
        historyMaxId: 0,
        schema: { applied: 0, latestWhen: 0 },
      };
    const present = new Set(
      (
        connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      ).map((row) => row.name),
    );
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES)
      if (present.has(table))
        counts[table] = (connection.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
    const historyMaxId = present.has('lead_history')
      ? ((connection.prepare('SELECT coalesce(max(id), 0) AS n FROM lead_history').get() as { n: number })
          .n ?? 0)
      : 0;
    const hasMigrations = (connection.prepare(HAS_MIGRATIONS_SQL).get() as { n: number }).n > 0;
    const schema = hasMigrations
      ? (connection.prepare(SCHEMA_LEVEL_SQL).get() as SchemaLevel)
      : { applied: 0, latestWhen: 0 };
    return { problem: null, counts, historyMaxId, schema };
  } catch (error) {
    return {
      problem: `it cannot be read: ${String(error)}`,
      counts: {},
      historyMaxId: 0,
      schema: { applied: 0, latestWhen: 0 },
    };
  } finally {
    connection.close();
  }
}

export type SnapshotTask = { task: 'copy'; source: string; target: string } | { task: 'check'; file: string };

/** The task, as the worker thread runs it. */
export function runSnapshotTask(job: SnapshotTask): DatabaseCheck | null {
  if (job.task === 'copy') {
    copyDatabase(job.source, job.target);
    return null;
  }
  return checkDatabase(job.file);
}
