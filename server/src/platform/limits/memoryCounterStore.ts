import type { CounterStore } from './counterStore';

/** The in-process store: expired entries are swept as time passes, so it cannot grow without end. */
export function createMemoryCounterStore(now = () => Date.now()): CounterStore & { size(): number } {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const marks = new Map<string, number>();
  let nextSweep = 0;
  const sweep = () => {
    const time = now();
    if (time < nextSweep) return;
    nextSweep = time + 10_000;
    for (const [key, entry] of counters) if (entry.resetAt <= time) counters.delete(key);
    for (const [key, expiresAt] of marks) if (expiresAt <= time) marks.delete(key);
  };

  return {
    async hit(key, windowMs) {
      sweep();
      const time = now();
      let entry = counters.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        counters.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - time };
    },
    async peek(key) {
      const entry = counters.get(key);
      const time = now();
      if (!entry || entry.resetAt <= time) return { count: 0, resetInMs: 0 };
      return { count: entry.count, resetInMs: entry.resetAt - time };
    },
    async mark(key, ttlMs) {
      sweep();
      marks.set(key, now() + ttlMs);
    },
    async isMarked(key) {
      const expiresAt = marks.get(key);
      return expiresAt !== undefined && expiresAt > now();
    },
    size: () => counters.size + marks.size,
  };
}
