// Run as `node --import tsx server/testkit/bench/profileSync.ts [EVENTS] [ROUNDS] [PROFILE_FILE]`:
// first syncs of an EVENTS-event calendar (10,000 by default), as the sync bench runs them,
// each with its parse floor; the main thread's CPU profile of the syncs alone (not the setup,
// the migrations or the floor) goes to PROFILE_FILE, for Chrome's DevTools or a top-N list.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { readCalendarFloor } from './calendarFloor';
import { createSyncBench } from './syncRun';
import { icsCalendar, manyEvents } from '../builders/icsBuilder';
import { closeIcsReaders } from '../../src/features/calendar/ics/offThread/readIcsOffThread';

const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };

async function main() {
  const events = Number(process.argv[2] ?? 10_000);
  const rounds = Number(process.argv[3] ?? 3);
  const profileFile = process.argv[4];
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-profile-sync-'));
  try {
    const calendar = path.join(dir, 'calendar.ics');
    fs.writeFileSync(calendar, icsCalendar(manyEvents(events)));
    for (let round = 0; round < rounds; round += 1) {
      // CPU time of the whole process (every thread) beside the wall-clock time: steadier on a busy machine
      const cpuMs = (since: NodeJS.CpuUsage) => {
        const used = process.cpuUsage(since);
        return Math.round((used.user + used.system) / 1000);
      };
      let cpu = process.cpuUsage();
      let started = performance.now();
      readCalendarFloor(calendar);
      const floor = performance.now() - started;
      const floorCpu = cpuMs(cpu);
      const bench = await createSyncBench(calendar, RANGE);
      if (profileFile) await session.post('Profiler.start');
      cpu = process.cpuUsage();
      started = performance.now();
      const steps: string[] = [];
      const at = () => Math.round(performance.now() - started);
      await bench.run({
        syncStarted: () => {},
        stepStarted: (step) => steps.push(`${step} ${at()}`),
        stepProgress: () => {},
        stepCompleted: (step) => steps.push(`/${step} ${at()}`),
        syncCompleted: () => steps.push(`end ${at()}`),
        syncError: (message) => steps.push(`error ${message}`),
      });
      const first = performance.now() - started;
      const firstCpu = cpuMs(cpu);
      if (profileFile) {
        const { profile } = await session.post('Profiler.stop');
        fs.writeFileSync(
          profileFile.replace(/(\.cpuprofile)?$/, `.${round}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      await bench.dispose();
      console.log(
        JSON.stringify({
          floor: Math.round(floor),
          first: Math.round(first),
          ratio: +(first / floor).toFixed(2),
          cpu: { floor: floorCpu, first: firstCpu, ratio: +(firstCpu / floorCpu).toFixed(2) },
          steps: steps.join(', '),
        }),
      );
    }
  } finally {
    await closeIcsReaders();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
