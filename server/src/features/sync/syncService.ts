import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { SyncRunRow } from '../../platform/db/schema';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { Notifier } from '../notifications/notifier';
import type { UsersRepository } from '../users/usersRepository';
import type { SyncDependencies } from './engine/runSync';
import type { RunProgress } from './engine/syncProgress';
import type { SyncLock } from './lock/syncLock';
import { createSyncHistory } from './runs/syncHistory';
import { createSyncRunsRepository } from './runs/syncRunsRepository';
import { syncStatusOf } from './runs/syncStatus';
import { createSyncDependencies } from './syncSetup';
import { createSyncRunner } from './syncRunner';

export { SyncAlreadyRunning } from './runs/syncRunsRepository';
export { SyncLockUnavailable } from './lock/syncLock';

export interface SyncInstanceOptions {
  db: Database;
  /** What a run works with (the settings' calendar and spreadsheet: createSyncDependencies). */
  dependencies: SyncDependencies;
  leaseMs: number;
  stallMs: number;
  /** The hub's listener of each run (its events carry the run's id). */
  progress: RunProgress;
  /** Tells the bells how every run ended (none in benchmarks). */
  notifier?: Pick<Notifier, 'syncFinished'>;
  /** The lock shared through Redis; none: the sync_runs row alone. */
  lock?: SyncLock | null;
  /** Where a failed run's cause goes with its full detail (the app's logger). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Runs before each run (a restore point); throwing refuses the run. */
  beforeRun?: (reason: string) => Promise<void>;
  /** Throws to refuse a run before it takes the lock (a restore under way). */
  mayStart?: () => void;
}

/**
 * What one instance runs: the runs on the shared database (the lock, the leases) and the
 * runner. Every run's end is announced once, on the hub and in the bells, by the instance
 * that records it: the run's own, or the one that failed it as stalled or interrupted.
 */
export function createSyncInstance({
  db,
  dependencies,
  leaseMs,
  stallMs,
  progress,
  notifier,
  lock = null,
  log,
  beforeRun,
  mayStart,
}: SyncInstanceOptions) {
  // a run failed here for its lease or its silence ends like any other: on the hub and in
  // the bells, here and only here (its own instance, if alive, finds it failed and says nothing)
  const announceExpired = (run: SyncRunRow) => {
    const hub = progress(run.id);
    hub.syncError(run.message);
    hub.syncCompleted(false, run.message, 0);
    void notifier
      ?.syncFinished(
        { success: false, message: run.message, startDate: run.startDate, endDate: run.endDate },
        run.trigger,
      )
      .catch(() => undefined);
  };
  const runs = createSyncRunsRepository(db, { leaseMs, stallMs, onExpired: announceExpired });
  return {
    runs,
    execute: createSyncRunner({
      runs,
      dependencies,
      leaseMs,
      progress,
      notifier,
      lock,
      log,
      beforeRun,
      mayStart,
    }),
  };
}

/**
 * The sync as the routes, the schedule and the CLI use it: runs one at a time across every
 * instance on the database (syncRunner), their status and their history.
 */
export function createSyncService({
  db,
  leads,
  users,
  config,
  ...instance
}: Omit<SyncInstanceOptions, 'dependencies' | 'leaseMs' | 'stallMs'> & {
  leads: LeadsRepository;
  /** Who started each run, for the history. */
  users: UsersRepository;
  config: Config;
}) {
  const { runs, execute } = createSyncInstance({
    db,
    dependencies: createSyncDependencies(config, leads),
    leaseMs: config.syncLeaseMs,
    stallMs: config.syncStallMs,
    ...instance,
  });
  return {
    runs,
    execute,
    status: () => syncStatusOf(runs),
    ...createSyncHistory(runs, users),
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
