import type { SyncStepId } from '@auditdesk/shared/core';

export type StepId = SyncStepId;

/** What a run tells whoever watches it: the hub's group, the CLI's progress bar, a test. */
export interface SyncProgress {
  syncStarted(): void;
  stepStarted(stepId: StepId, description: string): void;
  stepProgress(stepId: StepId, progressPercentage: number, message: string): void;
  stepCompleted(stepId: StepId, eventsProcessed: number): void;
  syncCompleted(success: boolean, message: string, totalEvents: number): void;
  syncError(error: string): void;
}

/** Sends every progress call to each of the given listeners. */
export function fanOut(...listeners: SyncProgress[]): SyncProgress {
  const each =
    <K extends keyof SyncProgress>(method: K) =>
    (...args: Parameters<SyncProgress[K]>) => {
      for (const listener of listeners)
        (listener[method] as (...a: Parameters<SyncProgress[K]>) => void)(...args);
    };
  return {
    syncStarted: each('syncStarted'),
    stepStarted: each('stepStarted'),
    stepProgress: each('stepProgress'),
    stepCompleted: each('stepCompleted'),
    syncCompleted: each('syncCompleted'),
    syncError: each('syncError'),
  };
}

/** For runs nobody watches. */
export const noProgress: SyncProgress = {
  syncStarted: () => {},
  stepStarted: () => {},
  stepProgress: () => {},
  stepCompleted: () => {},
  syncCompleted: () => {},
  syncError: () => {},
};
