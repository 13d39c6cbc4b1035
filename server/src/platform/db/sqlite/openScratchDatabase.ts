import BetterSqlite3 from 'better-sqlite3';

/** What a scratch database keeps in memory; the rest goes to its temporary file. */
const CACHE_KB = 8 * 1024;

/**
 * A private SQLite database that lives only as long as its connection: SQLite keeps it in a
 * small page cache and spills the rest to a temporary file it deletes on close. For data a
 * task holds too much of to keep in memory (a run's leads, a sheet's rows), whatever the
 * engine of the app's own database. Nothing of it needs to survive a crash: no journal, no
 * syncing.
 */
export function openScratchDatabase(): BetterSqlite3.Database {
  // '' is SQLite's anonymous on-disk database (":memory:" would hold all of it in memory)
  const client = new BetterSqlite3('');
  client.pragma('journal_mode = OFF');
  client.pragma('synchronous = OFF');
  client.pragma(`cache_size = -${CACHE_KB}`);
  client.pragma('temp_store = FILE');
  return client;
}

/**
 * Rows read back a page at a time in the order of a positive integer key: `page(after)`
 * answers the next rows after that key. Each page is its own query, so nothing is left open
 * on the connection between pages.
 */
export function* pagesOf<Row>(page: (after: number) => Row[], keyOf: (row: Row) => number): Generator<Row[]> {
  for (let after = 0; ;) {
    const rows = page(after);
    if (rows.length === 0) return;
    after = keyOf(rows.at(-1)!);
    yield rows;
  }
}
