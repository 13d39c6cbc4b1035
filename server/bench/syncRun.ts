import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/platform/config/loadConfig';
import { openDatabase } from '../src/platform/db/openDatabase';
import { createLeadsRepository } from '../src/features/leads/repository/leadsRepository';
import { noProgress, type SyncProgress } from '../src/features/sync/engine/syncProgress';
import type { SyncRange } from '@auditdesk/shared/core';
import { createSyncService } from '../src/features/sync/syncService';

/**
 * A fresh data folder (SQLite + .xlsx) syncing from `calendarFile`, as the server runs it.
 * `run()` is one sync of `range`; `dispose()` removes the folder.
 */
export async function createSyncBench(
  calendarFile: string,
  range: SyncRange,
  env: Record<string, string> = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-sync-'));
  const config = loadConfig({ DATA_DIR: dir, CALENDAR_ICS: calendarFile, NODE_ENV: 'test', ...env });
  const db = await openDatabase(config);
  const leads = createLeadsRepository(db);
  const sync = createSyncService({ db, leads, config, progress: noProgress });
  return {
    /** The leads as the app edits them, for a bench that works on them between runs. */
    leads,
    /** `watcher` hears the run's steps (a bench that times them). */
    async run(watcher?: SyncProgress) {
      const result = await sync.execute(range, 'cli', null, watcher);
      if (!result.success) throw new Error(`the sync failed: ${result.message}`);
      return result;
    },
    async dispose() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
