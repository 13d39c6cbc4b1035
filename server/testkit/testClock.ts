import type { RetryClock } from '../src/platform/http/retryPolicy';

/** A clock whose sleeps return at once and are recorded, so retry tests never wait. */
export function testClock(now = Date.parse('2025-03-04T12:00:00Z')) {
  const sleeps: number[] = [];
  const clock: RetryClock = {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => now,
    random: () => 0.5,
  };
  return { clock, sleeps };
}
