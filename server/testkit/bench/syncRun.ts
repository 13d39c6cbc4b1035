import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config/loadConfig';
import type { SyncProgress } from '../../src/features/sync/engine/syncProgress';
import type { SyncRange } from '@auditdesk/shared/core';
import { openServices } from '../../src/openServices';

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
  const services = await openServices(config);
  return {
    /** The leads as the app edits them, for a bench that works on them between runs. */
    leads: services.leads,
    /** `watcher` hears the run's steps (a bench that times them). */
    async run(watcher?: SyncProgress) {
      const result = await services.sync.execute(range, 'cli', null, watcher);
      if (!result.success) throw new Error(`the sync failed: ${result.message}`);
      return result;
    },
    async dispose() {
      await services.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
