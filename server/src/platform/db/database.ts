import type { SQL } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { QueryUsage } from './queryUsage';
import type * as schema from './schema';
import type { SqliteFile } from './sqlite/sqliteFile';

/**
 * Drizzle over either engine. Typed as the asynchronous kind: every query is awaited,
 * so the same repository code runs on better-sqlite3 (where results come back at once)
 * and on D1's REST API.
 */
export type Orm = BaseSQLiteDatabase<'async', unknown, typeof schema>;

/** A statement of a batch: a Drizzle query builder (insert, update, delete) or raw SQL. */
export type Statement = { toSQL(): { sql: string; params: unknown[] } } | SQL;

export type DatabaseEngine = 'sqlite' | 'd1';

export interface DatabaseDescription {
  /** The D1 database's name, or the SQLite file's */
  name: string;
  /** bytes */
  sizeBytes: number;
  /** Since 00:00 UTC: D1's own analytics, or on SQLite what this server counted. */
  today: { rowsRead: number; rowsWritten: number };
}

/**
 * The database file in this process (SQLite): a hot path that writes thousands of rows runs
 * one prepared statement per row inside one transaction, instead of shipping them as JSON.
 * Every call is synchronous, so nothing else on the connection runs inside the transaction.
 */
export interface LocalStatements {
  /** Runs `work` as one transaction: all of it, or (when it throws) none of it. */
  transaction<T>(work: () => T): T;
  /** A statement prepared once, to run with each row's values; answers the rows it changed. */
  prepare(sql: string): (...params: unknown[]) => number;
  /** Runs one statement; answers the rows it changed. */
  run(statement: Statement): number;
  all<T>(query: SQL): T[];
}

/** The one data layer the repositories work with, whichever engine is behind it. */
export interface Database {
  readonly engine: DatabaseEngine;
  readonly orm: Orm;
  /** A read no builder expresses (CTEs, JSON functions): the rows as objects. */
  all<T>(query: SQL): Promise<T[]>;
  /**
   * Runs the statements atomically, in order: one transaction on SQLite, one batch on D1
   * (which D1 runs as a transaction). Answers the rows each statement changed.
   */
  batch(statements: Statement[]): Promise<number[]>;
  /** SQLite only (absent on D1, where every statement is a request): see LocalStatements. */
  readonly local?: LocalStatements;
  /** SQLite only: the file, for snapshots and restores. */
  readonly sqlite?: SqliteFile;
  /** Applies the code's migrations the database has not applied (after a restore); answers their tags. */
  migrate(): Promise<string[]>;
  /** Rows read and written today (UTC), as this server counted them. */
  readonly usage: QueryUsage;
  /** What the engine itself tells about the database, for the database resource page. */
  describe(): Promise<DatabaseDescription>;
  close(): Promise<void>;
}

/**
 * Told, before migrations are applied at start, which ones a database that already has data
 * is about to get (a change one undo cannot take back); may answer what to do once they are
 * applied.
 */
export type BeforeMigrations = (db: Database, pending: string[]) => Promise<(() => Promise<void>) | void>;
