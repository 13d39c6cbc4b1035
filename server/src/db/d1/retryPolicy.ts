/**
 * How the D1 client retries a call Cloudflare answered with 429 or 5xx, or could not be
 * sent at all: bounded exponential backoff with jitter, or the server's Retry-After.
 */
export interface RetryPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  /** The backoff before the first retry; it doubles with every further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the request fails at once and passes it on. */
  maxRetryAfterMs: number;
}

export const D1_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxRetryAfterMs: 10_000,
};

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before retry number `retry` (0 for the first): half fixed, half random, so instances spread out. */
export function backoffDelay(retry: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
