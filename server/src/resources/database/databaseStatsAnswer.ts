import type { DatabaseStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import type { Database } from '../../db/database';
import { DatabaseUnavailableError } from '../../db/databaseUnavailable';
import { HttpProblem } from '../../errors/httpProblem';
import { cachedFor } from '../cachedFor';
import { readDatabaseStats } from './readDatabaseStats';

/** How long an answer is reused: a refresh storm on the page costs D1 no more reads. */
export const DATABASE_STATS_TTL_MS = 30_000;

/**
 * GET /api/resources/cloudflare: the database's stats in the envelope, read at most once per
 * 30 s; a 503 problem that says what failed (with the same envelope) when they cannot be read.
 */
export function createDatabaseStatsAnswer(db: Database, planName: string) {
  const stats = cachedFor(DATABASE_STATS_TTL_MS, () => readDatabaseStats(db, planName));
  return async (): Promise<ResourceStatsResponse<DatabaseStats>> => {
    try {
      return { success: true, data: await stats(), error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const message = `Could not read the database's stats: ${reason}`;
      const retryAfter: Record<string, string> =
        error instanceof DatabaseUnavailableError && error.retryAfterSeconds !== undefined
          ? { 'retry-after': String(error.retryAfterSeconds) }
          : {};
      throw new HttpProblem(503, message, { success: false, data: null, error: message }, retryAfter);
    }
  };
}
