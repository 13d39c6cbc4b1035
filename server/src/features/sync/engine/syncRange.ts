import { START_AFTER_END, type SyncRange } from '@auditdesk/shared/core';

const DAY_MS = 24 * 3600 * 1000;
export const MAX_RANGE_DAYS = 3 * 366;

export const dayOffset = (from: Date, days: number): string =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);

/** The default window: 5 days back to 15 days ahead (spec section 9). */
export function defaultSyncRange(today = new Date()): SyncRange {
  return { startDate: dayOffset(today, -5), endDate: dayOffset(today, 15) };
}

/** Why a range cannot be synced, or null: start after end, or more than three years. */
export function rangeProblem({ startDate, endDate }: SyncRange): string | null {
  const days = (Date.parse(endDate) - Date.parse(startDate)) / DAY_MS;
  if (days < 0) return START_AFTER_END;
  if (days > MAX_RANGE_DAYS) return 'The date range may span at most three years.';
  return null;
}
