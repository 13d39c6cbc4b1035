import type { ApiResult } from '../apiTypes';

export const DEV_TOKEN_PREFIX = 'dev-token-';

/**
 * Statuses (or no answer at all) that make a dev-token session use the sample data. A
 * dev server's proxy answers 502, 503 or 504 itself when no API server runs behind it:
 * that is no answer either.
 */
const FALLBACK_STATUSES = [401, 404, 405, 502, 503, 504];

export function wantsDevFallback(token: string | null, result: ApiResult<unknown>): boolean {
  return (
    process.env.NODE_ENV !== 'production' &&
    Boolean(token?.startsWith(DEV_TOKEN_PREFIX)) &&
    (result.status === undefined || FALLBACK_STATUSES.includes(result.status))
  );
}

/**
 * How long a development session waits for the server before it takes the sample data:
 * with no server behind the dev server, a remote on its own says so at once.
 */
export const DEV_ANSWER_MS = 1000;

/** A development session's call gives up after DEV_ANSWER_MS (its caller's own signal still counts). */
export function withDevDeadline<T extends { signal?: AbortSignal }>(
  token: string | null,
  options: T,
): { options: T; done: () => void } {
  if (process.env.NODE_ENV === 'production' || !token?.startsWith(DEV_TOKEN_PREFIX))
    return { options, done: () => {} };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('The server did not answer.')), DEV_ANSWER_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal!.reason), { once: true });
  return { options: { ...options, signal: controller.signal }, done: () => clearTimeout(timer) };
}

/** The sample answer for a path, or the spec's error when there is none. */
export async function devFallback<T>(path: string): Promise<ApiResult<T>> {
  const { DEV_SAMPLES } = await import('./devSamples');
  const key = path.split('?')[0] ?? path;
  if (key in DEV_SAMPLES) return { success: true, status: 200, data: DEV_SAMPLES[key] as T };
  return { success: false, error: `No mock data available for ${key}` };
}
