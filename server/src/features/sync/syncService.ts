import type {
  SyncHistoryEntry,
  SyncHistoryPage,
  SyncRange,
  SyncResult,
  SyncStatus,
  SyncTrigger,
} from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import { DatabaseUnavailableError, rootDatabaseError } from '../../platform/db/databaseUnavailable';
import type { SyncRunRow } from '../../platform/db/schema';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import { failedOutcome, runSync, type SyncOutcome } from './engine/runSync';
import { fanOut, type SyncProgress } from './engine/syncProgress';
import { trackStages } from './engine/trackStages';
import type { SyncLease, SyncLock } from './lock/syncLock';
import {
  createSyncRunsRepository,
  SyncAlreadyRunning,
  type FinishedRun,
  type SyncRuns,
} from './runs/syncRunsRepository';
import type { Notifier } from '../notifications/notifier';
import { createUsersRepository } from '../users/usersRepository';
import { createSyncDependencies } from './syncSetup';

export { SyncAlreadyRunning } from './runs/syncRunsRepository';
export { SyncLockUnavailable } from './lock/syncLock';

/** How long a request that found the lock taken waits for the holder's run to appear in sync_runs. */
const HOLDER_WAIT_MS = 2_000;
/** How long the end of a run is tried again when the database refuses it. */
const END_WRITE_PATIENCE_MS = 2 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A history entry (spec section 3) with the run's details; `startedBy` names the user who started it. */
export function toHistoryEntry(run: SyncRunRow, startedBy: string | null = null): SyncHistoryEntry {
  const counts = [
    run.eventsProcessed,
    run.eventsCreated,
    run.eventsUpdated,
    run.eventsDeleted,
    run.sheetWritten,
    run.sheetRemoved,
  ];
  // a count no run can have (an older release's double-counted resend): said, not a 500 for the whole page
  const unreadable = counts.some((n) => !Number.isInteger(n) || n < 0);
  const count = (n: number) => (Number.isInteger(n) && n >= 0 ? n : 0);
  return {
    id: run.id,
    success: run.status === 'succeeded',
    status: run.status,
    message: unreadable ? `${run.message} (This run's recorded counts could not be read.)` : run.message,
    syncedCount: count(run.eventsProcessed),
    eventsCreated: count(run.eventsCreated),
    eventsUpdated: count(run.eventsUpdated),
    eventsDeleted: count(run.eventsDeleted),
    spreadsheet: { written: count(run.sheetWritten), removed: count(run.sheetRemoved) },
    startDate: run.startDate,
    endDate: run.endDate,
    trigger: run.trigger,
    userId: run.userId,
    source: run.source,
    sink: run.sink,
    stage: run.stage,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    startedBy,
    durationMs: run.finishedAt ? Math.max(0, Date.parse(run.finishedAt) - Date.parse(run.startedAt)) : null,
    timestamp: run.finishedAt ?? run.startedAt,
  };
}

/**
 * Renews the run's lease (its sync_runs row, and the shared lock's lease if there is one)
 * while it works; stops renewing once another instance failed it or took the lock.
 */
function holdLease(runs: SyncRuns, runId: number, leaseMs: number, shared: SyncLease | null) {
  let lost = false;
  const timer = setInterval(() => {
    const beats = [runs.heartbeat(runId), shared?.renew() ?? Promise.resolve(true)];
    for (const beat of beats) {
      beat.then(
        (held) => {
          if (held === false) lost = true; // null: Redis away; nobody else can take the lock meanwhile
        },
        () => undefined, // a missed beat is retried at the next one; the lease is three beats long
      );
    }
  }, leaseMs / 3);
  timer.unref();
  return {
    release: () => clearInterval(timer),
    async assertStillOwned() {
      if (lost || !(await runs.isRunning(runId)))
        throw new Error(
          'This sync was stopped (its lease was lost or it stalled); nothing was written to the database.',
        );
    },
  };
}

/**
 * Runs syncs one at a time across every instance on the database (the running run's lease
 * in sync_runs is the lock; with Redis, a Redis lease is taken first), tells `progress` (the
 * hub's sync group) about each step, and records every run with its trigger, where it read
 * and wrote, and the step it reached.
 */
export function createSyncService({
  db,
  leads,
  config,
  progress,
  notifier,
  lock = null,
  log,
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
}) {
  const leaseMs = config.syncLeaseMs;
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
    leaseMs,
    stallMs: config.syncStallMs,
    onExpired: announceExpired,
  });

  /**
   * The run's end must land: a run left 'running' refuses every sync until its lease runs out
   * and then reads "interrupted", its cause lost. A database that refuses the small write (a
   * 429 asking for 30 s) is asked again past the request policy, within END_WRITE_PATIENCE_MS.
   */
  async function recordEnd(runId: number, recorded: FinishedRun): Promise<SyncRunRow> {
    const giveUpAt = Date.now() + END_WRITE_PATIENCE_MS;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runs.finish(runId, recorded);
      } catch (failure) {
        const error = rootDatabaseError(failure);
        if (!(error instanceof DatabaseUnavailableError) || Date.now() >= giveUpAt) throw failure;
        const asked =
          error.retryAfterSeconds === undefined ? 1000 * 2 ** attempt : error.retryAfterSeconds * 1000;
        log?.warn({ err: error, runId }, 'the end of a sync run could not be recorded yet; trying again');
        await sleep(Math.max(0, Math.min(asked, giveUpAt - Date.now())));
      }
    }
  }
  const users = createUsersRepository(db);
  const dependencies = createSyncDependencies(config, leads);

  /** The lock is taken: the holder's run, once its row is written (it writes it right after taking the lock). */
  async function refuseWhileHeld(): Promise<never> {
    const giveUpAt = Date.now() + HOLDER_WAIT_MS;
    for (;;) {
      const holder = await runs.running();
      if (holder) throw new SyncAlreadyRunning(holder.id);
      if (Date.now() >= giveUpAt) throw new SyncAlreadyRunning(null);
      await sleep(50);
    }
  }

  /** The shared lease (null without Redis) and the run's row; each undone if the other cannot be had. */
  async function begin(range: SyncRange, trigger: SyncTrigger, userId: number | null) {
    let shared: SyncLease | null = null;
    if (lock) {
      shared = await lock.acquire();
      if (!shared) return refuseWhileHeld();
    }
    try {
      const previous = await runs.latestFinished();
      const run = await runs.start(range, trigger, userId, {
        source: dependencies.source.description,
        sink: dependencies.spreadsheet.description,
      });
      return { previous, run, shared };
    } catch (error) {
      await shared?.release();
      throw error;
    }
  }

  return {
    runs,

    /**
     * Throws SyncAlreadyRunning (with the running run's id) while another run is on, and
     * SyncLockUnavailable when the shared lock (Redis) cannot be reached.
     */
    async execute(
      range: SyncRange,
      trigger: SyncTrigger,
      userId: number | null,
      watcher?: SyncProgress,
    ): Promise<SyncResult> {
      const { previous, run, shared } = await begin(range, trigger, userId);
      const lease = holdLease(runs, run.id, leaseMs, shared);
      const listeners = fanOut(progress, trackStages(runs, run.id), ...(watcher ? [watcher] : []));
      let outcome: SyncOutcome;
      try {
        outcome = await runSync(
          dependencies,
          {
            runId: run.id,
            range,
            previous:
              previous?.status === 'succeeded'
                ? {
                    runHash: previous.runHash,
                    sourceHash: previous.sourceHash,
                    eventsProcessed: previous.eventsProcessed,
                  }
                : null,
            assertStillOwned: lease.assertStillOwned,
          },
          listeners,
        );
      } catch (error) {
        // runSync reports its own failures; this is a bug in a listener, still a failed run
        outcome = failedOutcome(String(error), error);
      }
      const { problems, cause, ...recorded } = outcome;
      if (cause !== undefined) log?.warn({ err: cause, runId: run.id }, 'sync failed');
      // the lease is held until the end is recorded, so no instance takes the run for dead meanwhile
      const finished = await recordEnd(run.id, recorded).finally(async () => {
        lease.release();
        await shared?.release();
      });
      await notifier
        ?.syncFinished(
          { success: finished.status === 'succeeded', message: finished.message, ...range },
          trigger,
        )
        .catch(() => undefined); // the run is recorded; a lost notification does not fail it
      return {
        success: finished.status === 'succeeded',
        message: finished.message,
        eventsProcessed: outcome.eventsProcessed,
        eventsCreated: outcome.eventsCreated,
        eventsUpdated: outcome.eventsUpdated,
        eventsDeleted: outcome.eventsDeleted,
        syncedCount: outcome.eventsProcessed,
        spreadsheet: { written: outcome.sheetWritten, removed: outcome.sheetRemoved },
        startDate: range.startDate,
        endDate: range.endDate,
        timestamp: finished.finishedAt ?? new Date().toISOString(),
        runId: run.id,
        problems,
      };
    },

    // who may start one is the route's to add: it knows SYNC_ROLES
    async status(): Promise<Omit<SyncStatus, 'startRoles'>> {
      const running = await runs.running();
      const counts = await runs.counts();
      return {
        isRunning: Boolean(running),
        runningRunId: running?.id ?? null,
        running: running
          ? {
              id: running.id,
              trigger: running.trigger,
              stage: running.stage,
              startedAt: running.startedAt,
              ...runs.progressDeadline(running),
            }
          : null,
        lastSync: (await runs.lastSucceeded())?.finishedAt ?? null,
        totalSyncs: counts.total,
        successfulSyncs: counts.succeeded,
        failedSyncs: counts.failed,
      };
    },

    history: async (limit?: number) => (await runs.history(limit)).map((run) => toHistoryEntry(run)),

    /** One page of the runs, newest first, with the total and the names of who started them. */
    async historyPage(page: number, pageSize: number): Promise<SyncHistoryPage> {
      const rows = await runs.history(pageSize, (page - 1) * pageSize);
      const names = new Map<number, string | null>();
      for (const userId of new Set(rows.map((run) => run.userId))) {
        if (userId !== null) names.set(userId, (await users.findById(userId))?.fullName ?? null);
      }
      return {
        items: rows.map((run) =>
          toHistoryEntry(run, run.userId === null ? null : (names.get(run.userId) ?? null)),
        ),
        total: await runs.total(),
        page,
        pageSize,
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
