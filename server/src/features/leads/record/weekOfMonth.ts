/**
 * The week of the month of a UTC calendar day: weeks start on Monday, and week 1 is the
 * week that holds the 1st (event-format.md).
 */
export function weekOfMonth(date: Date): number {
  const firstWeekday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).getUTCDay();
  const mondayBasedOffset = (firstWeekday + 6) % 7; // days of week 1 before the 1st
  return Math.floor((date.getUTCDate() - 1 + mondayBasedOffset) / 7) + 1;
}
