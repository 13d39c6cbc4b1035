import type { Time } from './icalTypes';

const wallSeconds = (time: Time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) / 1000;
const isUtc = (time: Time) => !time.isDate && time.zone?.tzid === 'UTC';
/** The clock a time is read on: a date, UTC, or a zone (named by its TZID, else the series'). */
const clockOf = (time: Time, zone: string | null) =>
  time.isDate ? 'date' : isUtc(time) ? 'UTC' : (zone ?? '');

/**
 * How far `to` lies from `from` on their wall clock, in seconds, when both are read on the
 * same one (two dates, two UTC times, two times of one zone); null otherwise. An override
 * that moves its instance from 10:00 to 11:30 moves a later one across a DST change to
 * 11:30 too, as ical.js and RFC 5545 3.8.4.4 read it, not by the same number of hours.
 */
export function wallShiftSeconds(
  from: { time: Time; zone: string | null },
  to: { time: Time; zone: string | null },
): number | null {
  if (clockOf(from.time, from.zone) !== clockOf(to.time, to.zone)) return null;
  return wallSeconds(to.time) - wallSeconds(from.time);
}
