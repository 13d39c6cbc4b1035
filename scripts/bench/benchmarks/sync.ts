import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCalendarFloor } from '../../../server/bench/calendarFloor';
import { createSyncBench } from '../../../server/bench/syncRun';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { ROOT } from '../../apps';
import { againstLimit, againstPeer, type Benchmark } from '../benchmark';
import { median, round, timed } from '../support/statistics';

const EVENTS = 10_000;
const BIG_EVENTS = 100_000;
const ROUNDS = 3;
// ten a day from 2025-01-01 (10,000 events) or a hundred a day (100,000): inside three years
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };

/** One sync of `file` in a process of its own; its peak RSS in MB. */
function peakRssOfSync(file: string): Promise<{ peakRssMB: number; ms: number; eventsProcessed: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/bench/syncPeakRss.ts', file, RANGE.startDate, RANGE.endDate],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0)
        return reject(new Error(`the ${BIG_EVENTS}-event sync exited with ${code}:\n${output}`));
      resolve(JSON.parse(line));
    });
  });
}

/**
 * The sync against its floor (reading the calendar): the first sync of 10,000 events into
 * .xlsx + SQLite and its no-change re-run, each as a multiple of the floor measured in the
 * same rounds (medians of three); then the peak memory of a 100,000-event sync.
 */
export const syncBenchmark: Benchmark = {
  name: 'sync',
  about: `${EVENTS.toLocaleString('en-US')}-event sync and no-change re-run vs. parsing the calendar; peak RSS of ${BIG_EVENTS.toLocaleString('en-US')} events`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-calendar-'));
    try {
      const calendar = path.join(dir, 'calendar.ics');
      fs.writeFileSync(calendar, icsCalendar(manyEvents(EVENTS)));
      const floors: number[] = [];
      const firsts: number[] = [];
      const reruns: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const floor = await timed(() => readCalendarFloor(calendar));
        if (floor.result !== EVENTS) throw new Error(`the floor read ${floor.result} events`);
        floors.push(floor.ms);
        const bench = await createSyncBench(calendar, RANGE);
        try {
          const first = await timed(() => bench.run());
          if (first.result.eventsCreated !== EVENTS)
            throw new Error(`the first sync created ${first.result.eventsCreated} of ${EVENTS}`);
          firsts.push(first.ms);
          const rerun = await timed(() => bench.run());
          const written =
            rerun.result.eventsCreated + rerun.result.eventsUpdated + rerun.result.eventsDeleted;
          if (written !== 0) throw new Error(`the no-change re-run wrote ${written} rows`);
          reruns.push(rerun.ms);
        } finally {
          await bench.dispose();
        }
      }
      const floor = { name: 'parse floor', value: round(median(floors)), unit: 'ms' };

      const big = path.join(dir, 'big.ics');
      fs.writeFileSync(big, icsCalendar(manyEvents(BIG_EVENTS, Date.UTC(2025, 0, 1), 100)));
      const bigSync = await peakRssOfSync(big);
      if (bigSync.eventsProcessed !== BIG_EVENTS)
        throw new Error(`the big sync processed ${bigSync.eventsProcessed} of ${BIG_EVENTS}`);

      return [
        againstPeer(
          `first sync of ${EVENTS.toLocaleString('en-US')} events`,
          { value: round(median(firsts)), unit: 'ms' },
          floor,
          { comparison: '≤', ratio: 2 },
          { 'under 5 s': median(firsts) < 5000 ? 'yes' : 'NO' },
        ),
        againstPeer(`no-change re-run of it`, { value: round(median(reruns)), unit: 'ms' }, floor, {
          comparison: '≤',
          ratio: 1.2,
        }),
        againstLimit(
          `peak RSS of a ${BIG_EVENTS.toLocaleString('en-US')}-event sync`,
          { value: round(bigSync.peakRssMB), unit: 'MB' },
          '<',
          500,
          { 'sync ms': round(bigSync.ms) },
        ),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
