import { createRetryingFetch, isBusyStatus, type WaitListener } from '../http/retryingFetch';
import type { RetryTuning } from '../http/retryPolicy';

const QUOTA_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);

/**
 * Google's "slow down" answers: 429 and the gateway errors, and a 403 whose reason is a
 * rate limit (external-apis.md a, b). Any other 403 is a real refusal and is not retried.
 */
export async function isGoogleBusy(response: Response): Promise<boolean> {
  if (isBusyStatus(response)) return true;
  if (response.status !== 403) return false;
  try {
    const { error } = (await response.clone().json()) as {
      error?: { errors?: { reason?: string }[]; details?: { reason?: string }[] };
    };
    return [...(error?.errors ?? []), ...(error?.details ?? [])].some(
      (item) => item.reason !== undefined && QUOTA_REASONS.has(item.reason),
    );
  } catch {
    return false;
  }
}

/**
 * The options of every request one run makes to a Google API: Node's own fetch (gaxios
 * would otherwise import node-fetch) behind the retrying fetch, and gaxios' own retries
 * off so that there is one policy and the run hears about each wait.
 */
export function googleRequestOptions(service: string, onWait?: WaitListener, retry?: RetryTuning) {
  return {
    fetchImplementation: createRetryingFetch({ service, isBusy: isGoogleBusy, onWait, ...retry }),
    retry: false,
  };
}

export function googleErrorMessage(error: unknown): string {
  const gaxios = error as {
    response?: { status?: number; data?: { error?: { message?: string } } };
    message?: string;
  };
  const status = gaxios.response?.status;
  const detail = gaxios.response?.data?.error?.message ?? gaxios.message ?? String(error);
  return status ? `HTTP ${status}: ${detail}` : detail;
}
