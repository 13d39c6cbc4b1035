import type {
  SyncHistoryEntry,
  SyncRange,
  SyncResult,
  SyncStatus,
  SyncTrigger,
} from '@auditdesk/shared/core';
import type { Config } from '../config/loadConfig';
import type { Database } from '../db/database';
import type { SyncRunRow } from '../db/schema';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import { runSync, type SyncOutcome } from './engine/runSync';
import { fanOut, type SyncProgress } from './engine/syncProgress';
import { trackStages } from './engine/trackStages';
import { createSyncRunsRepository, type SyncRuns } from './runs/syncRunsRepository';
import type { Notifier } from '../notifications/notifier';
import { createSyncAdapters } from './syncSetup';

export { SyncAlreadyRunning } from './runs/syncRunsRepository';

/** A history entry (spec section 3) with the run's details. */
export function toHistoryEntry(run: SyncRunRow): SyncHistoryEntry {
  return {
    id: run.id,
    success: run.status === 'succeeded',
    status: run.status,
    message: run.message,
    syncedCount: run.eventsProcessed,
    eventsCreated: run.eventsCreated,
    eventsUpdated: run.eventsUpdated,
    eventsDeleted: run.eventsDeleted,
    spreadsheet: { written: run.sheetWritten, removed: run.sheetRemoved },
    startDate: run.startDate,
    endDate: run.endDate,
    trigger: run.trigger,
    userId: run.userId,
    source: run.source,
    sink: run.sink,
    stage: run.stage,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    timestamp: run.finishedAt ?? run.startedAt,
  };
}

/** Renews the run's lease while it works; stops renewing once another instance failed it. */
function holdLease(runs: SyncRuns, runId: number, leaseMs: number) {
  let lost = false;
  const timer = setInterval(() => {
    runs.heartbeat(runId).then(
      (held) => {
        if (!held) lost = true;
      },
      () => undefined, // a missed beat is retried at the next one; the lease is three beats long
    );
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
 * in sync_runs is the lock), tells `progress` (the hub's sync group) about each step, and
 * records every run with its trigger, where it read and wrote, and the step it reached.
 */
export function createSyncService({
  db,
  leads,
  config,
  progress,
  notifier,
}: {
  db: Database;
  leads: LeadsRepository;
  config: Config;
  progress: SyncProgress;
  /** Tells the bells how every run ended (none in benchmarks). */
  notifier?: Pick<Notifier, 'syncFinished'>;
}) {
  const leaseMs = config.syncLeaseMs;
  const runs = createSyncRunsRepository(db, { leaseMs, stallMs: config.syncStallMs });
  const adapters = createSyncAdapters(config);

  return {
    runs,

    /** Throws SyncAlreadyRunning (with the running run's id) while another run is on. */
    async execute(
      range: SyncRange,
      trigger: SyncTrigger,
      userId: number | null,
      watcher?: SyncProgress,
    ): Promise<SyncResult> {
      const previous = await runs.latestFinished();
      const run = await runs.start(range, trigger, userId, {
        source: adapters.source.description,
        sink: adapters.spreadsheet.description,
      });
      const lease = holdLease(runs, run.id, leaseMs);
      const listeners = fanOut(progress, trackStages(runs, run.id), ...(watcher ? [watcher] : []));
      let outcome: SyncOutcome;
      try {
        outcome = await runSync(
          { leads, ...adapters, auditors: config.auditors },
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
        outcome = {
          success: false,
          message: String(error),
          eventsProcessed: 0,
          eventsCreated: 0,
          eventsUpdated: 0,
          eventsDeleted: 0,
          sheetWritten: 0,
          sheetRemoved: 0,
          problems: [],
          runHash: null,
          sourceHash: null,
        };
      } finally {
        lease.release();
      }
      const { problems, ...recorded } = outcome;
      const finished = await runs.finish(run.id, recorded);
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

    async status(): Promise<SyncStatus> {
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
              stalled: runs.isStalled(running),
            }
          : null,
        lastSync: (await runs.lastSucceeded())?.finishedAt ?? null,
        totalSyncs: counts.total,
        successfulSyncs: counts.succeeded,
        failedSyncs: counts.failed,
      };
    },

    history: async (limit?: number) => (await runs.history(limit)).map(toHistoryEntry),
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
