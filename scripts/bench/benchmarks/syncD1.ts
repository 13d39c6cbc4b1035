import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSyncBench } from '../../../server/testkit/bench/syncRun';
import { startD1ContractServer } from '../../../server/testkit/servers/d1/d1ContractServer';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { againstPeer, type Benchmark } from '../benchmark';
import { round, timed } from '../support/statistics';

const EVENTS = 10_000;
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' }; // ten a day: 1,000 days

/** One first sync of `calendar` into a fresh folder with these settings: its time and result. */
async function firstSync(calendar: string, env: Record<string, string> = {}) {
  const bench = await createSyncBench(calendar, RANGE, env);
  try {
    const { ms, result } = await timed(() => bench.run());
    if (result.eventsCreated !== EVENTS)
      throw new Error(`expected ${EVENTS} created, got ${result.eventsCreated}`);
    return ms;
  } finally {
    await bench.dispose();
  }
}

/**
 * The 10,000-event sync with DATABASE=d1: Cloudflare's D1 engine (Miniflare) behind the
 * local REST contract server, so every statement is an HTTP call on loopback, next to
 * the same sync into SQLite in the same run: what the REST round trips and staging cost.
 */
export const syncD1Benchmark: Benchmark = {
  name: 'sync-d1',
  about: `${EVENTS.toLocaleString('en-US')}-event sync into .xlsx + D1 (local contract server) vs. the same into SQLite`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-d1-'));
    const d1 = await startD1ContractServer();
    try {
      const calendar = path.join(dir, 'calendar.ics');
      fs.writeFileSync(calendar, icsCalendar(manyEvents(EVENTS)));
      const sqliteMs = await firstSync(calendar);
      const calls = d1.calls.length;
      const d1Ms = await firstSync(calendar, {
        ...d1.env(),
        JWT_SECRET: 'a-bench-signing-key-of-thirty-two-chars',
      });
      return [
        againstPeer(
          `first sync of ${EVENTS.toLocaleString('en-US')} events into .xlsx + D1`,
          { value: round(d1Ms), unit: 'ms' },
          { name: 'the same into SQLite', value: round(sqliteMs), unit: 'ms' },
          null,
          { 'REST calls': d1.calls.length - calls, 'under 10 s': d1Ms < 10_000 ? 'yes' : 'NO' },
        ),
      ];
    } finally {
      await d1.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
