import { apiResult } from '@auditdesk/shared';
import type { AnswerOf, Operation } from '@auditdesk/shared/core';

/** The operations of the resource pages: each answers its stats in the same envelope. */
export type ResourceOperationId = 'resourcesDatabase' | 'resourcesCache';
/** The stats an operation's envelope carries when there are some. */
export type StatsOf<K extends ResourceOperationId> =
  AnswerOf<K> extends { data: infer D } ? NonNullable<D> : never;

export interface LoadedStats<T> {
  /** null: nothing to show; `reason` says why when the server told */
  data: T | null;
  reason?: string;
}

/** The spec's text for a failure that brought no explanation. */
export const UNKNOWN_ERROR = 'Unknown error';

/** One resource route's stats; a failure throws with the server's explanation. */
export async function fetchResourceStats<K extends ResourceOperationId>(
  operation: Operation<K>,
): Promise<LoadedStats<StatsOf<K>>> {
  const result = await apiResult(operation as Operation<ResourceOperationId>);
  if (!result.success) throw new Error(result.problem?.detail ?? result.error ?? UNKNOWN_ERROR);
  const body = result.data;
  if (!body?.success) throw new Error(body?.error ?? UNKNOWN_ERROR);
  // the envelope of operation K carries K's stats
  return { data: (body.data as StatsOf<K> | null) ?? null, reason: body.reason };
}
