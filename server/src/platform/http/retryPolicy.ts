/** How patient a caller is with a busy remote API. */
export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** The first wait when the server does not say how long; it doubles on each retry. */
  baseDelayMs: number;
  /** No single wait is longer; a server asking for a longer one is given up on. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** Time as the retries see it; tests pass their own so that they never wait. */
export interface RetryClock {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** In [0, 1). */
  random: () => number;
}

export const realClock: RetryClock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  random: () => Math.random(),
};

/** What a caller may change, for tests and for APIs with their own advice. */
export interface RetryTuning {
  policy?: Partial<RetryPolicy>;
  clock?: Partial<RetryClock>;
}

/**
 * The wait before retry number `retry` (1 = the first retry): exponential, with "equal
 * jitter" (half of it fixed, half random) so that many clients refused at once do not
 * all come back at the same moment.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A Retry-After header as milliseconds from now: delay-seconds or an HTTP-date
 * (RFC 9110 10.2.3); null when absent or unreadable, 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // an HTTP-date names its day and month ("Tue, 04 Mar 2025 12:00:30 GMT")
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
