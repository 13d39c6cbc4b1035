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

/** The sample answer for a path, or the spec's error when there is none. */
export async function devFallback<T>(path: string): Promise<ApiResult<T>> {
  const { DEV_SAMPLES } = await import('./devSamples');
  const key = path.split('?')[0] ?? path;
  if (key in DEV_SAMPLES) return { success: true, status: 200, data: DEV_SAMPLES[key] as T };
  return { success: false, error: `No mock data available for ${key}` };
}
