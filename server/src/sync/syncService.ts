import type { SyncResult } from '@auditdesk/shared/core';
import type { Config } from '../config/loadConfig';
import type { AppDatabase } from '../db/openDatabase';
import type { SyncRunRow } from '../db/schema';
import { runSync } from './engine/runSync';
import { fanOut, type SyncProgress } from './engine/syncProgress';
import type { SyncRange } from './engine/syncRange';
import { createSyncRunsRepository, type SyncTrigger } from './runs/syncRunsRepository';
import { createUsersRepository } from '../users/usersRepository';
import { createSyncAdapters } from './syncSetup';

export type { SyncResult };

/** A history entry (spec section 3) with the run's details; `startedBy` names the user who started it. */
export function toHistoryEntry(run: SyncRunRow, startedBy: string | null = null) {
  return {
    id: run.id,
    success: run.status === 'succeeded',
    status: run.status,
    message: run.message,
    syncedCount: run.eventsProcessed,
    eventsCreated: run.eventsCreated,
    eventsUpdated: run.eventsUpdated,
    eventsDeleted: run.eventsDeleted,
    startDate: run.startDate,
    endDate: run.endDate,
    trigger: run.trigger,
    startedBy,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    durationMs: run.finishedAt ? Date.parse(run.finishedAt) - Date.parse(run.startedAt) : null,
    timestamp: run.finishedAt ?? run.startedAt,
  };
}

/**
 * Runs syncs one at a time (the sync_runs table is the lock), tells `progress` (the hub's
 * sync group) about each step, and records every run.
 */
export function createSyncService({
  db,
  config,
  progress,
}: {
  db: AppDatabase;
  config: Config;
  progress: SyncProgress;
}) {
  const runs = createSyncRunsRepository(db);
  const users = createUsersRepository(db);
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
      const run = runs.start(range, trigger, userId);
      const listeners = watcher ? fanOut(progress, watcher) : progress;
      let outcome: Awaited<ReturnType<typeof runSync>>;
      try {
        outcome = await runSync({ db, ...adapters, auditors: config.auditors }, range, listeners);
      } catch (error) {
        // runSync reports its own failures; this is a bug in a listener, still a failed run
        outcome = {
          success: false,
          message: String(error),
          eventsProcessed: 0,
          eventsCreated: 0,
          eventsUpdated: 0,
          eventsDeleted: 0,
          problems: [],
        };
      }
      const finished = runs.finish(run.id, outcome);
      return {
        success: outcome.success,
        message: outcome.message,
        eventsProcessed: outcome.eventsProcessed,
        eventsCreated: outcome.eventsCreated,
        eventsUpdated: outcome.eventsUpdated,
        eventsDeleted: outcome.eventsDeleted,
        syncedCount: outcome.eventsProcessed,
        startDate: range.startDate,
        endDate: range.endDate,
        timestamp: finished.finishedAt ?? new Date().toISOString(),
        runId: run.id,
        problems: outcome.problems,
      };
    },

    status() {
      const running = runs.running();
      const counts = runs.counts();
      return {
        isRunning: Boolean(running),
        runningRunId: running?.id ?? null,
        lastSync: runs.lastFinished()?.finishedAt ?? null,
        totalSyncs: counts.total,
        successfulSyncs: counts.succeeded,
        failedSyncs: counts.failed,
      };
    },

    history: (limit?: number) => runs.history(limit).map((run) => toHistoryEntry(run)),

    /** One page of the runs, newest first, with the total and the names of who started them. */
    historyPage(page: number, pageSize: number) {
      const rows = runs.history(pageSize, (page - 1) * pageSize);
      const names = new Map<number, string | null>();
      for (const userId of new Set(rows.map((run) => run.userId))) {
        if (userId !== null) names.set(userId, users.findById(userId)?.fullName ?? null);
      }
      return {
        items: rows.map((run) =>
          toHistoryEntry(run, run.userId === null ? null : (names.get(run.userId) ?? null)),
        ),
        total: runs.total(),
        page,
        pageSize,
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
