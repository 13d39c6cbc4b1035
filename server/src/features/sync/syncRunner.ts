import { showCounts, type SyncRange, type SyncResult, type SyncTrigger } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '../notifications/notifier';
import { announceOnce } from './engine/announceOnce';
import { failedOutcome, runSync, type SyncDependencies, type SyncOutcome } from './engine/runSync';
import { fanOut, type RunProgress, type SyncProgress } from './engine/syncProgress';
import { trackStages } from './engine/trackStages';
import { holdLease, takeRunLock } from './lock/runLease';
import type { SyncLock } from './lock/syncLock';
import { recordRunEnd } from './runs/recordRunEnd';
import type { SyncRuns } from './runs/syncRunsRepository';

export interface SyncRunnerOptions {
  runs: SyncRuns;
  dependencies: SyncDependencies;
  leaseMs: number;
  /** The hub's listener of each run (its events carry the run's id). */
  progress: RunProgress;
  /** Tells the bells how every run ended (none in benchmarks). */
  notifier?: Pick<Notifier, 'syncFinished'>;
  /** The lock shared through Redis; none: the sync_runs row alone. */
  lock: SyncLock | null;
  /** Where a failed run's cause goes with its full detail (the app's logger). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Runs before each run (a restore point: DESIGN.md section 22); throwing refuses the run. */
  beforeRun?: (reason: string) => Promise<void>;
  /** Throws to refuse a run before it takes the lock (a restore under way: its row would be of the database being replaced). */
  mayStart?: () => void;
}

/**
 * Runs one sync under the lock: tells `progress` (and the caller's `watcher`) about each
 * step, records it with its trigger, where it read and wrote and the step it reached, and
 * tells the bells how it ended — once: a run another instance failed meanwhile (its lease
 * lost) was told there. Throws SyncAlreadyRunning (with the running run's id) while
 * another run is on, and SyncLockUnavailable when the shared lock (Redis) cannot be reached.
 */
export function createSyncRunner({
  runs,
  dependencies,
  leaseMs,
  progress,
  notifier,
  lock,
  log,
  beforeRun,
  mayStart,
}: SyncRunnerOptions) {
  return async function execute(
    range: SyncRange,
    trigger: SyncTrigger,
    userId: number | null,
    watcher?: SyncProgress,
  ): Promise<SyncResult> {
    mayStart?.();
    const { previous, run, shared } = await takeRunLock(runs, lock, range, trigger, userId, {
      source: dependencies.source.description,
      sink: dependencies.spreadsheet.description,
    });
    const lease = holdLease(runs, run.id, leaseMs, shared);
    const hub = announceOnce(progress(run.id), lease.isLost);
    const listeners = fanOut(
      hub.progress,
      trackStages(runs, run.id, lease.lose),
      ...(watcher ? [watcher] : []),
    );
    let outcome: SyncOutcome;
    // the restore point is taken while the calendar is read: it must be whole before the run writes, not before it reads
    const reason = `Before the sync of ${range.startDate} to ${range.endDate} (${trigger})`;
    const restorePoint = beforeRun ? (async () => beforeRun(reason))() : undefined;
    // awaited (and its failure reported) by the run; heard here too, so a run that failed first leaves it handled
    restorePoint?.catch(() => undefined);
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
          hold: lease,
          restorePoint,
        },
        listeners,
      );
    } catch (error) {
      // runSync reports its own failures (a refused restore point among them); this is a bug in a listener: still a failed run
      outcome = failedOutcome(String(error), error);
      hub.progress.syncError(outcome.message);
      hub.progress.syncCompleted(false, outcome.message, 0);
    }
    // a run that failed while its restore point was being taken ends once the point is (one snapshot at a time)
    await restorePoint?.catch(() => undefined);
    const { problems, cause, needsReview, ...recorded } = outcome;
    if (cause !== undefined) log?.warn({ err: cause, runId: run.id }, 'sync failed');
    // the lease is held until the end is recorded, so no instance takes the run for dead meanwhile
    const { run: finished, endedHere } = await recordRunEnd(runs, run.id, recorded, log).finally(
      lease.release,
    );
    hub.settle(endedHere);
    if (endedHere)
      await notifier
        ?.syncFinished(
          { success: finished.status === 'succeeded', message: finished.message, needsReview, ...range },
          trigger,
        )
        .catch(() => undefined); // the run is recorded; a lost notification does not fail it
    return {
      success: finished.status === 'succeeded',
      message: finished.message,
      eventsProcessed: outcome.eventsProcessed,
      ...showCounts(outcome),
      startDate: range.startDate,
      endDate: range.endDate,
      timestamp: finished.finishedAt ?? new Date().toISOString(),
      runId: run.id,
      problems,
    };
  };
}
