import type { HubEventName, SyncEventArgs, SyncRunEventName, SyncStepId } from '@auditdesk/shared/core';

export type StepId = SyncStepId;

/** The hub events that tell how a run goes (the contract's hubEvents declares their arguments). */
export const SYNC_PROGRESS_EVENTS = [
  'SyncStarted',
  'StepStarted',
  'StepProgress',
  'StepCompleted',
  'SyncCompleted',
  'SyncError',
] as const satisfies readonly (HubEventName & SyncRunEventName)[];
export type SyncProgressEvent = (typeof SYNC_PROGRESS_EVENTS)[number];

/**
 * What a run tells whoever watches it (the hub's group, the CLI's progress bar, a test): one
 * method per progress event, named as the event (`StepStarted` → `stepStarted`), with its
 * arguments but the run's id (the hub adds it: hubProgress).
 */
export type SyncProgress = {
  [E in SyncProgressEvent as Uncapitalize<E>]: (...args: SyncEventArgs<E>) => void;
};

/** The listener of one run, made when its id is known. */
export type RunProgress = (runId: number) => SyncProgress;

/** `StepStarted` → `stepStarted`: the listener's method for a hub event. */
export const methodOf = <E extends SyncProgressEvent>(event: E) =>
  `${event[0]!.toLowerCase()}${event.slice(1)}` as Uncapitalize<E>;

/** A listener built from one function that hears every event. */
export function progressFrom(
  handle: <E extends SyncProgressEvent>(event: E, args: SyncEventArgs<E>) => void,
): SyncProgress {
  return Object.fromEntries(
    SYNC_PROGRESS_EVENTS.map((event) => [
      methodOf(event),
      (...args: unknown[]) => handle(event, args as never),
    ]),
  ) as SyncProgress;
}

/** Sends every progress call to each of the given listeners. */
export function fanOut(...listeners: SyncProgress[]): SyncProgress {
  return progressFrom((event, args) => {
    for (const listener of listeners) (listener[methodOf(event)] as (...a: typeof args) => void)(...args);
  });
}

/** For runs nobody watches. */
export const noProgress: SyncProgress = progressFrom(() => undefined);
