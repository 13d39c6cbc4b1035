const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and shape: building Intl formatters is the slow part. */
function formatter(timeZone: string | undefined, withDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withDay}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      ...(withDay ? { month: '2-digit', day: '2-digit', year: 'numeric' } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

function parts(value: string | null | undefined, timeZone: string | undefined, withDay: boolean) {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(
    formatter(timeZone, withDay)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<Intl.DateTimeFormatPartTypes, string>;
}

/**
 * An appointment as the office reads it, in the business's zone (CALENDAR_TIMEZONE, from
 * GET /api/business): `12/30/2025 9:00 AM`; empty for none. Undefined zone: the viewer's.
 */
export function formatDayAndTimeIn(value: string | null | undefined, timeZone: string | undefined): string {
  const p = parts(value, timeZone, true);
  return p ? `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}` : '';
}

/** The time of day alone, in the business's zone: `10:30 AM`; empty for none. */
export function formatTimeIn(value: string | null | undefined, timeZone: string | undefined): string {
  const p = parts(value, timeZone, false);
  return p ? `${p.hour}:${p.minute} ${p.dayPeriod}` : '';
}
