import type { DatabaseStats } from '@auditdesk/shared';
import { formatBytes, formatCompactCount } from '../common/resourceRules';

/** The plan's limits in a line: '5 GB storage, 5M rows read per day, 100k rows written per day'. */
export function d1PlanText(limits: DatabaseStats['limits']): string {
  return [
    `${formatBytes(limits.maxSize)} storage`,
    `${formatCompactCount(limits.maxRowsRead)} rows read per day`,
    `${formatCompactCount(limits.maxRowsWritten)} rows written per day`,
  ].join(', ');
}
