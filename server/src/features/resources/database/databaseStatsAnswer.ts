import type { DatabaseStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import type { Database } from '../../../platform/db/database';
import { databaseUnavailable, rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import { cachedFor } from '../cachedFor';
import type { DatabasePlan } from './d1FreePlan';
import { readDatabaseStats } from './readDatabaseStats';

/** How long an answer is reused: a refresh storm on the page costs D1 no more reads. */
export const DATABASE_STATS_TTL_MS = 30_000;

/**
 * GET /api/resources/cloudflare: the database's stats in the envelope, read at most once per
 * 30 s; a 503 problem that says what failed (with the same envelope) when they cannot be read.
 */
export function createDatabaseStatsAnswer(db: Database, plan: DatabasePlan) {
  const stats = cachedFor(DATABASE_STATS_TTL_MS, () => readDatabaseStats(db, plan));
  return async (): Promise<ResourceStatsResponse<DatabaseStats>> => {
    try {
      return { success: true, data: await stats(), error: null };
    } catch (error) {
      const root = rootDatabaseError(error);
      const reason = root instanceof Error ? root.message : String(root);
      const message = `Could not read the database's stats: ${reason}`;
      const seconds = databaseUnavailable(error)?.retryAfterSeconds;
      const retryAfter: Record<string, string> =
        seconds === undefined ? {} : { 'retry-after': String(seconds) };
      throw new HttpProblem(503, message, { success: false, data: null, error: message }, retryAfter);
    }
  };
}
