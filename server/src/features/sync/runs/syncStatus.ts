import type { SyncStatus } from '@auditdesk/shared/core';
import type { SyncRuns } from './syncRunsRepository';

/** Whether a run is on and how the runs went so far; who may start one is the route's to add (it knows SYNC_ROLES). */
export async function syncStatusOf(runs: SyncRuns): Promise<Omit<SyncStatus, 'startRoles'>> {
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
}
