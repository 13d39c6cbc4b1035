import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
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

const NOTHING = { counts: {}, historyMaxId: 0, schema: { applied: 0, latestWhen: 0 } };

function openReadOnly(file: string): BetterSqlite3.Database | string {
  try {
    return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `it cannot be opened: ${String(error)}`;
  }
}

/** SQLite's integrity_check of a database file: null when it answers ok, else its first complaints. */
export function integrityProblem(file: string): string | null {
  const connection = openReadOnly(file);
  if (typeof connection === 'string') return connection;
  try {
    const answers = connection.pragma('integrity_check') as { integrity_check: string }[];
    const complaints = answers.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    return complaints.length > 0 ? `integrity_check: ${complaints.slice(0, 5).join('; ')}` : null;
  } catch (error) {
    return `it cannot be read: ${String(error)}`;
  } finally {
    connection.close();
  }
}

/** What a database file holds, quickly (no integrity_check): the rows of the main tables, its newest history entry, its schema. */
export function databaseFacts(file: string): DatabaseCheck {
  const connection = openReadOnly(file);
  if (typeof connection === 'string') return { problem: connection, ...NOTHING };
  try {
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
    return { problem: `it cannot be read: ${String(error)}`, ...NOTHING };
  } finally {
    connection.close();
  }
}

/** Opens a database file read-only and checks it: SQLite's integrity_check, the rows of the main tables, its schema. */
export function checkDatabase(file: string): DatabaseCheck {
  const problem = integrityProblem(file);
  return problem ? { problem, ...NOTHING } : databaseFacts(file);
}

/** Where a dump's statements are run in one go: about 1 MB of SQL. */
const SQL_BATCH_CHARS = 1024 * 1024;

/**
 * The statements of a SQL dump as D1 (and `wrangler d1 export`) writes it, line by line: each
 * statement ends a line with `;` (the values' line breaks are escaped, a CREATE statement may
 * span lines), a trigger's body included, up to its `END;`. `push` answers a statement once
 * its last line came; `pending` is what began and did not end.
 */
export function createDumpStatements() {
  let statement = '';
  let inTrigger = false;
  const push = (line: string): string | null => {
    if (!statement && /^\s*CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(line)) inTrigger = true;
    statement += statement ? `\n${line}` : line;
    const trimmed = line.trimEnd();
    if (!trimmed.endsWith(';') || (inTrigger && !/\bEND;$/i.test(trimmed))) return null;
    const done = statement;
    statement = '';
    inTrigger = false;
    return done;
  };
  return { push, pending: () => statement.trim() };
}

/**
 * Runs a SQL dump (D1's export) into a new database file, and checks that database as a
 * snapshot is checked.
 */
export function rebuildFromSql(sqlFile: string, database: string): DatabaseCheck {
  fs.rmSync(database, { force: true });
  const connection = new BetterSqlite3(database);
  const file = fs.openSync(sqlFile, 'r');
  try {
    // the dump lists a table's rows after it, not after the tables it refers to
    connection.pragma('foreign_keys = OFF');
    connection.pragma('journal_mode = OFF');
    connection.pragma('synchronous = OFF');
    connection.exec('BEGIN');
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    const statements = createDumpStatements();
    let rest = '';
    let batch = '';
    const take = (line: string) => {
      const statement = statements.push(line);
      if (statement === null) return;
      batch += `${statement}\n`;
      if (batch.length >= SQL_BATCH_CHARS) {
        connection.exec(batch);
        batch = '';
      }
    };
    for (let read = fs.readSync(file, chunk); read > 0; read = fs.readSync(file, chunk)) {
      const lines = (rest + decoder.write(chunk.subarray(0, read))).split('\n');
      rest = lines.pop()!;
      lines.forEach(take);
    }
    take(rest + decoder.end());
    if (statements.pending())
      throw new Error(`it ends in the middle of a statement: ${statements.pending().slice(0, 80)}`);
    if (batch.trim()) connection.exec(batch);
    connection.exec('COMMIT');
  } catch (error) {
    return { problem: `it does not rebuild a database: ${String(error)}`, ...NOTHING };
  } finally {
    fs.closeSync(file);
    connection.close();
  }
  return checkDatabase(database);
}

export type SnapshotTask =
  | { task: 'check'; file: string }
  | { task: 'integrity'; file: string }
  | { task: 'rebuild'; sql: string; database: string };
export type SnapshotTaskResult = DatabaseCheck | string | null;

/** The task, as the worker thread runs it. */
export function runSnapshotTask(job: SnapshotTask): SnapshotTaskResult {
  if (job.task === 'rebuild') return rebuildFromSql(job.sql, job.database);
  return job.task === 'check' ? checkDatabase(job.file) : integrityProblem(job.file);
}
