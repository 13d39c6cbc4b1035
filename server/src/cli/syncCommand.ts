// `pnpm sync --from YYYY-MM-DD --to YYYY-MM-DD`: one sync from the command line, with the
// engine, settings and database the server uses (and its one-run-at-a-time lock). With
// REDIS_URL it takes the shared lock and its progress reaches the browsers of every instance.
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { ConfigError } from '../platform/config/ConfigError';
import { loadConfig } from '../platform/config/loadConfig';
import { openDatabase } from '../platform/db/openDatabase';
import { isoDay } from '@auditdesk/shared/core';
import { createLeadsRepository } from '../features/leads/repository/leadsRepository';
import { createNotificationsRepository } from '../features/notifications/notificationsRepository';
import { createNotifier } from '../features/notifications/notifier';
import { createRedisBackplane } from '../features/realtime/backplane/redisBackplane';
import { createSyncHub, SYNC_GROUP } from '../features/realtime/syncHub';
import { createRedisConnection } from '../platform/redis/redisConnection';
import { hubProgress } from '../features/sync/engine/hubProgress';
import { createUsersRepository } from '../features/users/usersRepository';
import { defaultSyncRange, rangeProblem } from '../features/sync/engine/syncRange';
import { noProgress } from '../features/sync/engine/syncProgress';
import { createRedisSyncLock } from '../features/sync/lock/redisSyncLock';
import { createSyncService, SyncAlreadyRunning, SyncLockUnavailable } from '../features/sync/syncService';
import { ensureDemoCalendar } from '../features/sync/syncSetup';
import { cliProgress } from './cliProgress';

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
  const db = await openDatabase(config);
  ensureDemoCalendar(config);
  const redis = config.redis
    ? createRedisConnection(config.redis, pino({ level: config.logLevel }, pino.destination(2)))
    : null;
  // a hub without connections of its own: its broadcasts go to the other instances' browsers
  const hub = redis && createSyncHub({ backplane: createRedisBackplane(redis) });
  // the bells of the server's users show the run (at once, through Redis; else at their next look)
  const notifier = createNotifier(
    createNotificationsRepository(db),
    createUsersRepository(db),
    hub ? (userIds, target, args) => hub.sendToUsers(userIds, target, args) : undefined,
  );
  const sync = createSyncService({
    db,
    leads: createLeadsRepository(db),
    config,
    progress: hub ? hubProgress((target, args) => hub.broadcast(SYNC_GROUP, target, args)) : noProgress,
    notifier,
    lock: redis && createRedisSyncLock(redis, config.syncLeaseMs),
  });
  try {
    const result = await sync.execute(range, 'cli', null, cliProgress());
    for (const skipped of result.problems)
      console.warn(`  skipped ${skipped.uid} (${skipped.summary}): ${skipped.message}`);
    return result.success ? 0 : 1;
  } catch (error) {
    if (error instanceof SyncAlreadyRunning || error instanceof SyncLockUnavailable)
      return (console.error(error.message), 1);
    throw error;
  } finally {
    hub?.stop();
    await redis?.close();
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
