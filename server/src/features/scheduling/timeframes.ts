import type { Timeframe } from '@auditdesk/shared/core';

const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);

/** Spec section 9: This Month, Last 2 Months (the previous and this one), This Quarter, This Year (UTC days). */
export function timeframeRange(
  timeframe: Timeframe,
  today = new Date(),
): { startDate: string; endDate: string } {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (timeframe) {
    case 'month':
      return { startDate: day(year, month, 1), endDate: day(year, month + 1, 0) };
    case 'bimonth':
      return { startDate: day(year, month - 1, 1), endDate: day(year, month + 1, 0) };
    case 'quarter': {
      const first = month - (month % 3);
      return { startDate: day(year, first, 1), endDate: day(year, first + 3, 0) };
    }
    case 'year':
      return { startDate: day(year, 0, 1), endDate: day(year, 11, 31) };
  }
}
