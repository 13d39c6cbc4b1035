import { methodOf, progressFrom, type SyncProgress, type SyncProgressEvent } from './syncProgress';

const END_EVENTS: readonly SyncProgressEvent[] = ['SyncCompleted', 'SyncError'];

/**
 * What the hub hears of one run: its steps while the run holds its lease (a run another
 * instance failed goes quiet at once), and its end only once this instance has recorded it
 * (`settle(true)`). A run failed by another instance was announced there, when it was
 * failed: announcing it again would tell every screen twice, the second time late, after
 * the newer run's success.
 */
export function announceOnce(hub: SyncProgress, isLost: () => boolean) {
  let end: (() => void)[] = [];
  const progress = progressFrom((event, args) => {
    const send = () => (hub[methodOf(event)] as (...a: typeof args) => void)(...args);
    if (END_EVENTS.includes(event)) end.push(send);
    else if (!isLost()) send();
  });
  return {
    progress,
    /** `endedHere`: this instance recorded the run's end, so it tells the hub how it ended. */
    settle(endedHere: boolean) {
      if (endedHere) for (const send of end) send();
      end = [];
    },
  };
}
