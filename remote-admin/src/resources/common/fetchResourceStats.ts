import { apiRequest, type ResourceStatsResponse } from '@auditdesk/shared';

export interface LoadedStats<T> {
  /** null: nothing to show; `reason` says why when the server told */
  data: T | null;
  reason?: string;
}

/** The spec's text for a failure that brought no explanation. */
export const UNKNOWN_ERROR = 'Unknown error';

/** One resource route's stats; a failure throws with the server's explanation. */
export async function fetchResourceStats<T>(path: string): Promise<LoadedStats<T>> {
  const result = await apiRequest<ResourceStatsResponse<T>>(path);
  if (!result.success) throw new Error(result.problem?.detail ?? result.error ?? UNKNOWN_ERROR);
  const body = result.data;
  if (!body?.success) throw new Error(body?.error ?? UNKNOWN_ERROR);
  return { data: body.data ?? null, reason: body.reason };
}
