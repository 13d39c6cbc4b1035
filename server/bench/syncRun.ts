import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/loadConfig';
import { openDatabase } from '../src/db/openDatabase';
import { noProgress } from '../src/sync/engine/syncProgress';
import type { SyncRange } from '../src/sync/engine/syncRange';
import { createSyncService } from '../src/sync/syncService';

/**
 * A fresh data folder (SQLite + .xlsx) syncing from `calendarFile`, as the server runs it.
 * `run()` is one sync of `range`; `dispose()` removes the folder.
 */
export function createSyncBench(calendarFile: string, range: SyncRange) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-sync-'));
  const config = loadConfig({ DATA_DIR: dir, CALENDAR_ICS: calendarFile, NODE_ENV: 'test' });
  const db = openDatabase(config.databasePath);
  const sync = createSyncService({ db, config, progress: noProgress });
  return {
    async run() {
      const result = await sync.execute(range, 'cli', null);
      if (!result.success) throw new Error(`the sync failed: ${result.message}`);
      return result;
    },
    dispose() {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
