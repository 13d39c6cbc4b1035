import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config/loadConfig';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/leads/repository/leadsRepository';
import { noProgress } from '../../../server/src/sync/engine/syncProgress';
import { createSyncService } from '../../../server/src/sync/syncService';
import { icsCalendar, manyEvents } from '../../../server/test/support/icsBuilder';
import type { Benchmark } from '../benchmark';

const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' }; // ten a day: 1,000 days

/** A fresh data folder with a 10,000-event calendar, synced to .xlsx + SQLite. */
async function syncTenThousand() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-'));
  const calendar = path.join(dir, 'calendar.ics');
  fs.writeFileSync(calendar, icsCalendar(manyEvents(10_000)));
  const config = loadConfig({ DATA_DIR: dir, CALENDAR_ICS: calendar, NODE_ENV: 'test' });
  const db = await openDatabase(config);
  const sync = createSyncService({ db, leads: createLeadsRepository(db), config, progress: noProgress });
  const timed = async () => {
    const started = performance.now();
    const result = await sync.execute(RANGE, 'cli', null);
    if (!result.success) throw new Error(result.message);
    return { ms: Math.round(performance.now() - started), result };
  };
  return {
    timed,
    done: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const sync10kFirst: Benchmark = {
  name: 'sync of 10,000 events into .xlsx + SQLite',
  unit: 'ms',
  target: 5000,
  async run() {
    const bench = await syncTenThousand();
    const { ms, result } = await bench.timed();
    if (result.eventsCreated !== 10_000)
      throw new Error(`expected 10,000 created, got ${result.eventsCreated}`);
    await bench.done();
    return ms;
  },
};

export const sync10kRerun: Benchmark = {
  name: 're-sync of the same 10,000 events (no change, zero rows written)',
  unit: 'ms',
  target: 1000,
  async run() {
    const bench = await syncTenThousand();
    await bench.timed();
    const { ms, result } = await bench.timed();
    const written = result.eventsCreated + result.eventsUpdated + result.eventsDeleted;
    if (written !== 0) throw new Error(`the re-run wrote ${written} rows`);
    await bench.done();
    return ms;
  },
};
