import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import { fsyncFile } from './snapshotCodec';

/**
 * Pages copied per step: about 4 MB, a few milliseconds of this thread, then the server's other
 * requests run before the next step.
 */
const PAGES_PER_STEP = 1000;

/**
 * Copies the database as it is now to `target` with SQLite's online backup API, page by page,
 * the server serving meanwhile. The copy reads through a connection of its own that holds one
 * read transaction from start to end: on the WAL database the app keeps writing, that read sees
 * one moment (the app's writes neither show in it nor make the copy start over). The copy is
 * made a rollback-journal database (one self-contained file) and synced before this resolves.
 */
export async function captureDatabase(source: string, target: string): Promise<void> {
  fs.rmSync(target, { force: true });
  const reader = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 10000');
    reader.exec('BEGIN');
    // the read transaction begins with its first read: from here on, this is the moment copied
    reader.prepare('SELECT count(*) FROM sqlite_master').get();
    await reader.backup(target, { progress: () => PAGES_PER_STEP });
    reader.exec('COMMIT');
  } finally {
    reader.close();
  }
  const copy = new BetterSqlite3(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.chmodSync(target, 0o600);
  await fsyncFile(target);
}
