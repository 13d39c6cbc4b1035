import { progressFrom, type SyncProgress } from './syncProgress';

export type Broadcast = (target: string, args: unknown[]) => void;

/** Sends each step of a run to the hub's sync group, as the hub event the method is named after. */
export function hubProgress(broadcast: Broadcast): SyncProgress {
  return progressFrom((event, args) => broadcast(event, args));
}
