import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { SyncRunRow } from '../../platform/db/schema';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { Notifier } from '../notifications/notifier';
import { createUsersRepository } from '../users/usersRepository';
import type { SyncProgress } from './engine/syncProgress';
import type { SyncLock } from './lock/syncLock';
import { createSyncHistory } from './runs/syncHistory';
import { createSyncRunsRepository } from './runs/syncRunsRepository';
import { syncStatusOf } from './runs/syncStatus';
import { createSyncDependencies } from './syncSetup';
import { createSyncRunner } from './syncRunner';

export { SyncAlreadyRunning } from './runs/syncRunsRepository';
export { SyncLockUnavailable } from './lock/syncLock';

/**
 * The sync as the routes, the schedule and the CLI use it: runs one at a time across every
 * instance on the database (syncRunner), their status and their history.
 */
export function createSyncService({
  db,
  leads,
  config,
  progress,
  notifier,
  lock = null,
  log,
  beforeRun,
}: {
  db: Database;
  leads: LeadsRepository;
  config: Config;
  progress: SyncProgress;
  /** Tells the bells how every run ended (none in benchmarks). */
  notifier?: Pick<Notifier, 'syncFinished'>;
  /** The lock shared through Redis; none: the sync_runs row alone. */
  lock?: SyncLock | null;
  /** Where a failed run's cause goes with its full detail (the app's logger). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Runs before each run (a restore point); throwing refuses the run. */
  beforeRun?: (reason: string) => Promise<void>;
}) {
  // a run failed here for its lease or its silence ends like any other: on the hub and in the bells
  const announceExpired = (run: SyncRunRow) => {
    progress.syncError(run.message);
    progress.syncCompleted(false, run.message, 0);
    void notifier
      ?.syncFinished(
        { success: false, message: run.message, startDate: run.startDate, endDate: run.endDate },
        run.trigger,
      )
      .catch(() => undefined);
  };
  const runs = createSyncRunsRepository(db, {
    leaseMs: config.syncLeaseMs,
    stallMs: config.syncStallMs,
    onExpired: announceExpired,
  });
  return {
    runs,
    execute: createSyncRunner({
      runs,
      dependencies: createSyncDependencies(config, leads),
      leaseMs: config.syncLeaseMs,
      progress,
      notifier,
      lock,
      log,
      beforeRun,
    }),
    status: () => syncStatusOf(runs),
    ...createSyncHistory(runs, createUsersRepository(db)),
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
