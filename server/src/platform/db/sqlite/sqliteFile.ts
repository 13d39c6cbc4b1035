import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite file behind the app's connection, for what works on the file itself (snapshots,
 * restores). The connection is held by reference (`connection()`), never kept: a restore
 * replaces the file and the connection with it.
 */
export interface SqliteFile {
  readonly path: string;
  /** The connection of now. */
  connection(): BetterSqlite3.Database;
  /**
   * Puts `replacement` (a complete, synced database file beside the database) in the
   * database's place and reopens it, migrated forward: the connection's WAL is checkpointed
   * and closed, the file renamed over the database, the connection opened again. All of it
   * runs synchronously, so no statement of this process runs between. If the replacement
   * cannot be opened or migrated, the database before is put back and the error thrown.
   * Answers the migrations it applied.
   */
  replaceWith(replacement: string): string[];
  /**
   * Another process replaced the file (a restore on another instance that shares it): the
   * connection is opened again on the new file. Answers whether it was.
   */
  followReplacement(): boolean;
}
