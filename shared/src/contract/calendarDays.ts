// Calendar days as yyyy-mm-dd, once for the server and the browser: a day is a date on the
// business's calendar, not an instant, so the arithmetic is on UTC midnights.

const DAY_MS = 86_400_000;

/** Midnight UTC of a day, in milliseconds: the day's number times a day. */
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after (or before, when negative) another. */
export const shiftDay = (day: string, days: number) =>
  new Date(dayStartMs(day) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days from one day to another (0 for the same day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

/**
 * The day of an instant on a zone's calendar (en-CA writes ISO order); undefined zone: the
 * viewer's. One formatter per zone.
 */
export function dayIn(timeZone: string | undefined): (instant: Date | string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (instant) => format.format(typeof instant === 'string' ? new Date(instant) : instant);
}
