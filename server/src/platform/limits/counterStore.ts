/**
 * Fixed-window counters and short-lived marks, kept in this process or (with REDIS_URL) in
 * Redis so that several instances count together.
 */
export interface CounterStore {
  /** Counts one more hit on the key in its window; answers the count and the time left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The key's count in its window, without counting. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  mark(key: string, ttlMs: number): Promise<void>;
  isMarked(key: string): Promise<boolean>;
}
