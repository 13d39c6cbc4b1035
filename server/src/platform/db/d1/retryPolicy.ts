import type { RetryPolicy } from '../../http/retryPolicy';

/**
 * How patient the D1 client is with a call Cloudflare answered with 429 or 5xx, or that
 * could not be sent: a request is waiting, so a few quick retries; a Retry-After longer
 * than maxDelayMs is not waited out but passed on to the caller.
 */
export const D1_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 10_000 };
