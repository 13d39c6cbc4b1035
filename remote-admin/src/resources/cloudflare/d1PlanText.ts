import type { DatabaseStats } from '@auditdesk/shared';
import { formatBytes, formatCompactCount } from '../common/resourceRules';

type Limits = DatabaseStats['limits'];

/** Whether the database has a plan that limits it (a local SQLite file has none: every limit 0). */
export const hasPlanLimits = (limits: Limits): boolean => Object.values(limits).some((limit) => limit > 0);

/** Said beside the plan's name when nothing limits the database but the server's disk. */
export const NO_PLAN_LIMITS_TEXT = 'No plan limits: the database is a file on this server.';

/** The plan's limits in a line: '5 GB storage, 5M rows read per day, 100k rows written per day'. */
export function d1PlanText(limits: Limits): string {
  if (!hasPlanLimits(limits)) return NO_PLAN_LIMITS_TEXT;
  return [
    `${formatBytes(limits.maxSize)} storage`,
    `${formatCompactCount(limits.maxRowsRead)} rows read per day`,
    `${formatCompactCount(limits.maxRowsWritten)} rows written per day`,
  ].join(', ');
}
