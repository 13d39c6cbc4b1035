import type { SyncRuns } from '../runs/syncRunsRepository';
import { noProgress, type SyncProgress } from './syncProgress';

/** Progress writes to the run's record at most this often (each is a database write). */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Records on the run the step it reached and that it is making progress; a write that finds
 * the run no longer running (another instance failed it) tells `onLost`.
 */
export function trackStages(runs: SyncRuns, runId: number, onLost: () => void): SyncProgress {
  let lastWrite = 0;
  const record = (stage: Parameters<SyncRuns['progressed']>[1], force: boolean) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    runs.progressed(runId, stage).then(
      (running) => {
        if (!running) onLost();
      },
      () => undefined, // the record lags; the run goes on
    );
  };
  return {
    ...noProgress,
    stepStarted: (stepId) => record(stepId, true),
    stepProgress: (stepId) => record(stepId, false),
  };
}
