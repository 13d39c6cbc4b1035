import type { SyncProgress } from './syncProgress';

export type Broadcast = (target: string, args: unknown[]) => void;

/** Sends each step of a run to the hub's sync group, with the event names the client listens for. */
export function hubProgress(broadcast: Broadcast): SyncProgress {
  return {
    syncStarted: () => broadcast('SyncStarted', []),
    stepStarted: (stepId, description) => broadcast('StepStarted', [stepId, description]),
    stepProgress: (stepId, percentage, message) => broadcast('StepProgress', [stepId, percentage, message]),
    stepCompleted: (stepId, eventsProcessed) => broadcast('StepCompleted', [stepId, eventsProcessed]),
    syncCompleted: (success, message, totalEvents) =>
      broadcast('SyncCompleted', [success, message, totalEvents]),
    syncError: (error) => broadcast('SyncError', [error]),
  };
}
