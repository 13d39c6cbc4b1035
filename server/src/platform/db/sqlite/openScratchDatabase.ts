import BetterSqlite3 from 'better-sqlite3';

/**
 * A private SQLite database that lives only as long as its connection: SQLite keeps it in a
 * page cache of `cacheMB` and spills the rest to a temporary file it deletes on close. For
 * data a task holds too much of to keep in memory (a run's leads), whatever the engine of
 * the app's own database. Nothing of it needs to survive a crash: no journal, no syncing.
 */
export function openScratchDatabase({ cacheMB = 8 }: { cacheMB?: number } = {}): BetterSqlite3.Database {
  // '' is SQLite's anonymous on-disk database (":memory:" would hold all of it in memory)
  const client = new BetterSqlite3('');
  client.pragma('journal_mode = OFF');
  client.pragma('synchronous = OFF');
  client.pragma(`cache_size = -${cacheMB * 1024}`);
  client.pragma('temp_store = FILE');
  return client;
}
