// Run as its own process (`node --import tsx server/testkit/bench/syncPeakRss.ts FILE FROM TO [MAX_EVENTS]`):
// one sync of FILE over [FROM, TO] into a fresh folder, then one JSON line with the
// process's peak resident memory, so nothing else the benchmark holds is counted.
import { createSyncBench } from './syncRun';

async function main() {
  const [file, startDate, endDate, maxEvents] = process.argv.slice(2);
  if (!file || !startDate || !endDate) throw new Error('usage: syncPeakRss.ts FILE FROM TO [MAX_EVENTS]');
  // a calendar beyond the default limit of events per run is synced with the limit raised to it
  const env: Record<string, string> = maxEvents ? { SYNC_MAX_EVENTS_PER_RUN: maxEvents } : {};
  const bench = await createSyncBench(file, { startDate, endDate }, env);
  const started = performance.now();
  const result = await bench.run();
  const ms = performance.now() - started;
  await bench.dispose();
  // resourceUsage().maxRSS is in kilobytes
  const peakRssMB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ peakRssMB, ms, eventsProcessed: result.eventsProcessed }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
