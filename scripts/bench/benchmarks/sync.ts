import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCalendarFloor } from '../../../server/testkit/bench/calendarFloor';
import { createSyncBench } from '../../../server/testkit/bench/syncRun';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { ROOT } from '../../apps';
import { againstLimit, againstPeer, type Benchmark } from '../benchmark';
import { median, round, timed } from '../support/statistics';

const EVENTS = 10_000;
const BIG_EVENTS = 100_000;
/** Memory flat as the calendar grows: this many events against BIG_EVENTS (the limit per run raised to it). */
const HUGE_EVENTS = 500_000;
const ROUNDS = 3;
// ten a day from 2025-01-01 (10,000 events), a hundred (100,000) or five hundred (500,000): inside three years
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };

/** One sync of `events` events in a process of its own; its peak RSS in MB. */
async function peakRssOfSync(
  dir: string,
  events: number,
): Promise<{ peakRssMB: number; ms: number; eventsProcessed: number }> {
  const file = path.join(dir, `calendar-${events}.ics`);
  fs.writeFileSync(file, icsCalendar(manyEvents(events, Date.UTC(2025, 0, 1), events / 1000)));
  const sync = await new Promise<{ peakRssMB: number; ms: number; eventsProcessed: number }>(
    (resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/testkit/bench/syncPeakRss.ts',
          file,
          RANGE.startDate,
          RANGE.endDate,
          String(events),
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => {
        const line = output.trim().split('\n').at(-1) ?? '';
        if (code !== 0) return reject(new Error(`the ${events}-event sync exited with ${code}:\n${output}`));
        resolve(JSON.parse(line));
      });
    },
  );
  fs.rmSync(file, { force: true });
  if (sync.eventsProcessed !== events)
    throw new Error(`the ${events}-event sync processed ${sync.eventsProcessed} of ${events}`);
  return sync;
}

/**
 * The sync against its floor (reading the calendar): the first sync of 10,000 events into
 * .xlsx + SQLite, its no-change re-run and a re-run after one event changed (which reads the
 * sheet back), each as a multiple of the floor measured in the same rounds (medians of
 * three); then the peak memory of a 100,000-event and a 500,000-event sync, each in a
 * process of its own, and the one against the other.
 */
export const syncBenchmark: Benchmark = {
  name: 'sync',
  about: `${EVENTS.toLocaleString('en-US')}-event sync and its re-runs vs. parsing the calendar; peak RSS of ${BIG_EVENTS.toLocaleString('en-US')} and ${HUGE_EVENTS.toLocaleString('en-US')} events`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-calendar-'));
    try {
      const calendar = path.join(dir, 'calendar.ics');
      const events = manyEvents(EVENTS);
      const original = icsCalendar(events);
      // the everyday sync: one appointment moved or renamed since the last run
      const oneChanged = icsCalendar(
        events.map((event, index) => (index === 5 ? { ...event, summary: 'Customer moved' } : event)),
      );
      fs.writeFileSync(calendar, original);
      const floors: number[] = [];
      const firsts: number[] = [];
      const reruns: number[] = [];
      const changedReruns: number[] = [];
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
          fs.writeFileSync(calendar, oneChanged);
          const changed = await timed(() => bench.run());
          if (changed.result.eventsUpdated !== 1)
            throw new Error(`the re-run after one change updated ${changed.result.eventsUpdated} leads`);
          changedReruns.push(changed.ms);
        } finally {
          fs.writeFileSync(calendar, original);
          await bench.dispose();
        }
      }
      const floor = { name: 'parse floor', value: round(median(floors)), unit: 'ms' };

      const bigSync = await peakRssOfSync(dir, BIG_EVENTS);
      const hugeSync = await peakRssOfSync(dir, HUGE_EVENTS);
      const bigRss = { value: round(bigSync.peakRssMB), unit: 'MB' };
      const hugeRss = { value: round(hugeSync.peakRssMB), unit: 'MB' };
      const count = (events: number) => events.toLocaleString('en-US');

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
        againstPeer(
          're-run after one event changed',
          { value: round(median(changedReruns)), unit: 'ms' },
          floor,
          null,
        ),
        againstLimit(`peak RSS of a ${count(BIG_EVENTS)}-event sync`, bigRss, '<', 500, {
          'sync ms': round(bigSync.ms),
        }),
        againstLimit(`peak RSS of a ${count(HUGE_EVENTS)}-event sync`, hugeRss, '<', 600, {
          'sync ms': round(hugeSync.ms),
        }),
        againstPeer(
          `peak RSS of ${count(HUGE_EVENTS)} events against ${count(BIG_EVENTS)}`,
          hugeRss,
          { name: `the ${count(BIG_EVENTS)}-event sync`, ...bigRss },
          { comparison: '≤', ratio: 1.3 },
        ),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
