import { progressFrom, type RunProgress } from './syncProgress';

export type Broadcast = (target: string, args: unknown[]) => void;

/** Sends each step of a run to the hub's sync group, as the hub event the method is named after, with the run's id last. */
export function hubProgress(broadcast: Broadcast): RunProgress {
  return (runId) => progressFrom((event, args) => broadcast(event, [...args, runId]));
}
