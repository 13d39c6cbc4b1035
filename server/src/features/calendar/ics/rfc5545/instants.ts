import { resolveZoneName, wallClockToUtc } from '../../../../platform/time/timezones';
import type { Time } from './icalTypes';

export interface Instant {
  start: Date;
  allDay: boolean;
}

/**
 * A calendar time as an instant: a date at 00:00 UTC; a time in a zone the file defines,
 * by that zone's rules; otherwise in the IANA or Windows zone its TZID names, else in the
 * calendar's zone. ical.js leaves times whose TZID has no VTIMEZONE floating.
 */
export function instantOf(time: Time, tzid: string | null, defaultZone: string): Instant {
  const result = readInstant(time, tzid, defaultZone);
  if (Number.isNaN(result.start.getTime())) throw new Error(`its time ${time.toString()} cannot be read`);
  return result;
}

function readInstant(time: Time, tzid: string | null, defaultZone: string): Instant {
  if (time.isDate) return { start: new Date(Date.UTC(time.year, time.month - 1, time.day)), allDay: true };
  const zone = time.zone;
  const floating = !zone || zone.tzid === 'floating';
  if (!floating) return { start: new Date(time.toUnixTime() * 1000), allDay: false };
  const zoneName = resolveZoneName(tzid) ?? defaultZone;
  const instant = wallClockToUtc(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    },
    zoneName,
  );
  return { start: new Date(instant), allDay: false };
}

/** `2025-07-04`: the calendar date a time shows on its own clock. */
export const wallDate = (time: Time): string =>
  `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
