import { useEffect, useState } from 'react';

/** After this long a loading remote says it is slow, and offers Retry. */
export const SLOW_AFTER_MS = 8_000;
/** After this long a loading remote is given up: the failure panel replaces the wait. */
export const GIVE_UP_AFTER_MS = 30_000;

export type LoadClock = 'waiting' | 'slow' | 'given-up';

/** How long the current load has taken, in the steps the page shows; each attempt starts again. */
export function useLoadClock(loading: boolean, attempt: number): LoadClock {
  const [clock, setClock] = useState<{ attempt: number; state: LoadClock }>({ attempt, state: 'waiting' });
  useEffect(() => {
    if (!loading) return;
    const slow = setTimeout(() => setClock({ attempt, state: 'slow' }), SLOW_AFTER_MS);
    const giveUp = setTimeout(() => setClock({ attempt, state: 'given-up' }), GIVE_UP_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(giveUp);
    };
  }, [loading, attempt]);
  return loading && clock.attempt === attempt ? clock.state : 'waiting';
}
