import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCalendarFloor } from '../../../server/testkit/bench/calendarFloor';
import { plainSyncScript } from '../../../server/testkit/bench/plainSyncScript';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { ROOT } from '../../apps';
import { startAppServer } from '../../e2e/support/appServer';
import { againstLimit, againstPeer, type Benchmark, type Figure } from '../benchmark';
import { peakRssMB } from '../support/processMemory';
import { signInTokens } from '../support/signedInContext';
import { median, round, timed } from '../support/statistics';
import { syncOverHttp } from '../support/syncOverHttp';

const EVENTS = 10_000;
const BIG_EVENTS = 100_000;
/** Memory flat as the calendar grows: this many events against BIG_EVENTS (the limit per run raised to it). */
const HUGE_EVENTS = 500_000;
const ROUNDS = 3;
// ten a day from 2025-01-01 (10,000 events), a hundred (100,000) or five hundred (500,000): inside three years
const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };

/** A calendar of `events` events over RANGE (written once per size). */
function calendarOf(dir: string, events: number): string {
  const file = path.join(dir, `calendar-${events}.ics`);
  if (!fs.existsSync(file))
    fs.writeFileSync(file, icsCalendar(manyEvents(events, Date.UTC(2025, 0, 1), events / 1000)));
  return file;
}

/** The server as users run it (`pnpm start`: its own process, production), syncing from `calendar`, signed in. */
async function runningServer(calendar: string, env: Record<string, string> = {}) {
  const server = await startAppServer({ CALENDAR_ICS: calendar, ...env });
  try {
    const { token } = await signInTokens(server.url);
    return { server, sync: () => syncOverHttp(server.url, token, RANGE) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** One sync of `events` events on a running server of its own; the server process's peak RSS in MB. */
async function peakRssOfServer(dir: string, events: number): Promise<{ peakRssMB: number; ms: number }> {
  const { server, sync } = await runningServer(calendarOf(dir, events), {
    SYNC_MAX_EVENTS_PER_RUN: String(events),
  });
  try {
    const run = await timed(sync);
    if (run.result.eventsProcessed !== events)
      throw new Error(`the ${events}-event sync processed ${run.result.eventsProcessed} of ${events}`);
    return { peakRssMB: peakRssMB(server.pid), ms: run.ms };
  } finally {
    await server.stop();
  }
}

/** One sync of `events` events in a process of its own; its peak RSS in MB. */
async function peakRssOfOwnProcess(
  dir: string,
  events: number,
): Promise<{ peakRssMB: number; ms: number; eventsProcessed: number }> {
  const file = calendarOf(dir, events);
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
  if (sync.eventsProcessed !== events)
    throw new Error(`the ${events}-event sync processed ${sync.eventsProcessed} of ${events}`);
  return sync;
}

/**
 * Issue 39's sync against the plain script a user would compare it with: per round, a server
 * as users run it (its own process, production) and the script, the script's job timed in this
 * process and the sync through `POST /api/sync/execute`, then its re-runs (none, one, every
 * event changed). The parse floor (reading the calendar) is timed in the same rounds. Medians of
 * three. Then the peak RSS of a 100,000-event and a 500,000-event sync on a running server,
 * the same syncs in a process of their own beside.
 */
export const syncBenchmark: Benchmark = {
  name: 'sync',
  about: `${EVENTS.toLocaleString('en-US')}-event sync over HTTP and its re-runs vs. a plain script; peak RSS of ${BIG_EVENTS.toLocaleString('en-US')} and ${HUGE_EVENTS.toLocaleString('en-US')} events`,
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-calendar-'));
    try {
      const calendar = path.join(dir, 'calendar.ics');
      const events = manyEvents(EVENTS);
      const original = icsCalendar(events);
      // the everyday sync: one appointment renamed since the last run
      const oneChanged = icsCalendar(
        events.map((event, index) => (index === 5 ? { ...event, summary: 'Customer moved' } : event)),
      );
      // a calendar changed everywhere: every name, auditor and phone
      const allChanged = icsCalendar(
        events.map((event) => ({
          ...event,
          summary: `${event.summary} (moved)`,
          description: event.description
            .replace(/Sam Rivera|Alex Chen/, (name) => (name === 'Sam Rivera' ? 'Alex Chen' : 'Sam Rivera'))
            .replace(/Phone: .*/, (line) => `${line}9`),
        })),
      );
      const rounds = {
        floor: [],
        script: [],
        first: [],
        rerun: [],
        oneChanged: [],
        allChanged: [],
      } as Record<'floor' | 'script' | 'first' | 'rerun' | 'oneChanged' | 'allChanged', number[]>;
      for (let round = 0; round < ROUNDS; round += 1) {
        fs.writeFileSync(calendar, original);
        const floor = await timed(() => readCalendarFloor(calendar));
        if (floor.result !== EVENTS) throw new Error(`the floor read ${floor.result} events`);
        rounds.floor.push(floor.ms);
        const scriptDir = fs.mkdtempSync(path.join(dir, 'script-'));
        const script = await timed(() => plainSyncScript(calendar, scriptDir));
        if (script.result !== EVENTS) throw new Error(`the plain script wrote ${script.result} rows`);
        rounds.script.push(script.ms);
        fs.rmSync(scriptDir, { recursive: true, force: true });
        let running: Awaited<ReturnType<typeof runningServer>> | undefined;
        try {
          running = await runningServer(calendar);
          const first = await timed(running.sync);
          if (first.result.eventsCreated !== EVENTS)
            throw new Error(`the first sync created ${first.result.eventsCreated} of ${EVENTS}`);
          rounds.first.push(first.ms);
          const rerun = await timed(running.sync);
          const written =
            rerun.result.eventsCreated + rerun.result.eventsUpdated + rerun.result.eventsDeleted;
          if (written !== 0) throw new Error(`the no-change re-run wrote ${written} rows`);
          rounds.rerun.push(rerun.ms);
          fs.writeFileSync(calendar, oneChanged);
          const one = await timed(running.sync);
          if (one.result.eventsUpdated !== 1)
            throw new Error(`the re-run after one change updated ${one.result.eventsUpdated} leads`);
          rounds.oneChanged.push(one.ms);
          fs.writeFileSync(calendar, allChanged);
          const all = await timed(running.sync);
          if (all.result.eventsUpdated !== EVENTS)
            throw new Error(`the all-changed sync updated ${all.result.eventsUpdated} of ${EVENTS}`);
          rounds.allChanged.push(all.ms);
        } finally {
          await running?.server.stop();
        }
      }
      const ms = (samples: number[]) => ({ value: round(median(samples)), unit: 'ms' });
      const floor = { name: 'parse floor', ...ms(rounds.floor) };
      const firstSync = { name: 'first sync', ...ms(rounds.first) };
      const beside = { 'parse floor ms': floor.value };

      const bigServer = await peakRssOfServer(dir, BIG_EVENTS);
      const hugeServer = await peakRssOfServer(dir, HUGE_EVENTS);
      const bigOwn = await peakRssOfOwnProcess(dir, BIG_EVENTS);
      const hugeOwn = await peakRssOfOwnProcess(dir, HUGE_EVENTS);
      const mb = (value: number) => ({ value: round(value), unit: 'MB' });
      const count = (events: number) => events.toLocaleString('en-US');

      const figures: Figure[] = [
        againstPeer(
          `first sync of ${count(EVENTS)} events (HTTP, running server)`,
          firstSync,
          { name: 'plain script', ...ms(rounds.script) },
          { comparison: '≤', ratio: 1 },
          { ...beside, 'first sync ÷ parse floor': round(median(rounds.first) / median(rounds.floor)) },
        ),
        againstPeer(
          're-run after one event changed',
          ms(rounds.oneChanged),
          firstSync,
          {
            comparison: '≤',
            ratio: 0.6,
          },
          beside,
        ),
        againstPeer(
          're-run after every event changed',
          ms(rounds.allChanged),
          firstSync,
          {
            comparison: '≤',
            ratio: 1.5,
          },
          beside,
        ),
        againstPeer('no-change re-run of it', ms(rounds.rerun), floor, { comparison: '≤', ratio: 1.2 }),
        againstLimit(
          `peak RSS of a ${count(BIG_EVENTS)}-event sync (running server)`,
          mb(bigServer.peakRssMB),
          '<',
          500,
          {
            'sync ms': round(bigServer.ms),
            'in a process of its own MB': round(bigOwn.peakRssMB),
          },
        ),
        againstLimit(
          `peak RSS of a ${count(HUGE_EVENTS)}-event sync (running server)`,
          mb(hugeServer.peakRssMB),
          '<',
          450,
          {
            'sync ms': round(hugeServer.ms),
            'in a process of its own MB': round(hugeOwn.peakRssMB),
          },
        ),
        againstPeer(
          `peak RSS of ${count(HUGE_EVENTS)} events against ${count(BIG_EVENTS)} (running server)`,
          mb(hugeServer.peakRssMB),
          { name: `the ${count(BIG_EVENTS)}-event sync`, ...mb(bigServer.peakRssMB) },
          { comparison: '≤', ratio: 1.15 },
          { 'in a process of its own': round(hugeOwn.peakRssMB / bigOwn.peakRssMB) },
        ),
      ];
      return figures;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
