// `pnpm sync --from YYYY-MM-DD --to YYYY-MM-DD`: one sync from the command line, with the
// engine, settings and database the server uses (and its one-run-at-a-time lock). With
// REDIS_URL it takes the shared lock and its progress reaches the browsers of every instance.
import { parseArgs } from 'node:util';
import { isoDay } from '@auditdesk/shared/core';
import { loadConfig } from '../platform/config/loadConfig';
import { defaultSyncRange, rangeProblem } from '../features/sync/engine/syncRange';
import { ensureDemoCalendar } from '../features/sync/syncSetup';
import { SyncAlreadyRunning, SyncLockUnavailable } from '../features/sync/syncService';
import { openServices } from '../openServices';
import { cliProgress } from './cliProgress';
import { runCommand } from './runCommand';

const USAGE =
  'usage: pnpm sync [--from YYYY-MM-DD --to YYYY-MM-DD]   (default: 5 days back to 15 days ahead)';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return (console.log(USAGE), 0);
  const range =
    values.from || values.to
      ? { startDate: values.from ?? '', endDate: values.to ?? '' }
      : defaultSyncRange();
  for (const [flag, value] of [
    ['--from', range.startDate],
    ['--to', range.endDate],
  ] as const) {
    if (!isoDay.safeParse(value).success)
      return (console.error(`${flag}: expected a real date as YYYY-MM-DD (got "${value}")\n${USAGE}`), 2);
  }
  const problem = rangeProblem(range);
  if (problem) return (console.error(problem), 2);

  const config = loadConfig();
  ensureDemoCalendar(config);
  // the server's services: without connections of its own, the hub's broadcasts and the
  // bells reach the other instances' browsers through Redis (else the bells at their next look)
  const services = await openServices(config);
  try {
    const result = await services.sync.execute(range, 'cli', null, cliProgress());
    for (const skipped of result.problems)
      console.warn(`  skipped ${skipped.uid} (${skipped.summary}): ${skipped.message}`);
    return result.success ? 0 : 1;
  } catch (error) {
    if (error instanceof SyncAlreadyRunning || error instanceof SyncLockUnavailable)
      return (console.error(error.message), 1);
    throw error;
  } finally {
    await services.close();
  }
}

runCommand(main);
