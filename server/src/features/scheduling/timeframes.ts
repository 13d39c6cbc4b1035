import { dayIn, type Timeframe } from '@auditdesk/shared/core';

const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);

/** Today's year and month (0-11) on the business's calendar. */
function monthOf(today: Date, timeZone: string): { year: number; month: number } {
  const [year, month] = dayIn(timeZone)(today).split('-').map(Number) as [number, number];
  return { year, month: month - 1 };
}

/**
 * Spec section 9: This Month, Last 2 Months (the previous and this one), This Quarter, This
 * Year: days of the business's calendar (`timeZone`), today's month being its month there.
 */
export function timeframeRange(
  timeframe: Timeframe,
  timeZone: string,
  today = new Date(),
): { startDate: string; endDate: string } {
  const { year, month } = monthOf(today, timeZone);
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

/** The last `months` months of the business's calendar, today's month the last. */
export function monthsEndingIn(
  today: Date,
  months: number,
  timeZone: string,
): { startDate: string; endDate: string } {
  const { year, month } = monthOf(today, timeZone);
  return { startDate: day(year, month - (months - 1), 1), endDate: day(year, month + 1, 0) };
}
