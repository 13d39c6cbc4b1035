import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config/loadConfig';
import { openDatabase } from '../../../server/src/db/openDatabase';
import { createLeadsRepository } from '../../../server/src/leads/repository/leadsRepository';
import { noProgress } from '../../../server/src/sync/engine/syncProgress';
import { createSyncService } from '../../../server/src/sync/syncService';
import { startD1ContractServer } from '../../../server/test/support/d1/d1ContractServer';
import { icsCalendar, manyEvents } from '../../../server/test/support/icsBuilder';
import type { Benchmark } from '../benchmark';

const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' }; // ten a day: 1,000 days

/**
 * The 10,000-event sync of sync10k.ts with DATABASE=d1: Cloudflare's D1 engine (Miniflare)
 * behind the local REST contract server, so every statement is an HTTP call on loopback.
 * Next to the SQLite figure it shows what the REST round trips and the staging cost.
 */
export const sync10kD1: Benchmark = {
  name: 'sync of 10,000 events into .xlsx + D1 (local contract server)',
  unit: 'ms',
  target: 10_000,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-d1-'));
    const d1 = await startD1ContractServer();
    try {
      const calendar = path.join(dir, 'calendar.ics');
      fs.writeFileSync(calendar, icsCalendar(manyEvents(10_000)));
      const config = loadConfig({
        ...d1.env(),
        JWT_SECRET: 'a-bench-signing-key-of-thirty-two-chars',
        DATA_DIR: dir,
        CALENDAR_ICS: calendar,
        NODE_ENV: 'test',
      });
      const db = await openDatabase(config);
      const sync = createSyncService({ db, leads: createLeadsRepository(db), config, progress: noProgress });
      const calls = d1.calls.length;
      const started = performance.now();
      const result = await sync.execute(RANGE, 'cli', null);
      const ms = Math.round(performance.now() - started);
      if (!result.success) throw new Error(result.message);
      if (result.eventsCreated !== 10_000)
        throw new Error(`expected 10,000 created, got ${result.eventsCreated}`);
      console.log(`     (${d1.calls.length - calls} REST calls)`);
      await db.close();
      return ms;
    } finally {
      await d1.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
