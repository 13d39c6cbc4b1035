import { wallClockToUtc } from '../../../platform/time/timezones';

/** Days Excel counts from (its serial 1 is 1900-01-01, with the 1900 leap-year bug). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;
/** A date and time with its offset (Z or ±hh:mm): one instant wherever it is read. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A calendar day as yyyy-mm-dd from mm/dd/yyyy, yyyy-mm-dd or a spreadsheet's day number. */
export function parseDay(text: string): string | null {
  const us = US_DAY.exec(text);
  if (us) return validDay(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO_DAY.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  // a date cell read without its format (a workbook whose styles come after its sheet)
  if (/^\d{5}$/.test(text))
    return new Date(EXCEL_EPOCH_MS + Number(text) * DAY_MS).toISOString().slice(0, 10);
  return null;
}

/** Hours and minutes of `10:30 AM`, `10:30am` or `22:30`. */
export function parseTime(text: string): { hour: number; minute: number } | null {
  const match = TIME.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const period = match[4]?.[0]?.toLowerCase();
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return { hour, minute };
}

/**
 * An instant from a date and time: ISO 8601 with its offset as it is; a day and a time
 * without one (`03/04/2025 10:30 AM`, `2025-03-04 10:30`) on the business's clocks.
 */
export function parseInstant(text: string, timeZone: string): string | null {
  if (ISO_INSTANT.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  const space = text.search(/[T ]/);
  if (space === -1) return null;
  const day = parseDay(text.slice(0, space));
  const time = parseTime(text.slice(space + 1).trim());
  if (!day || !time) return null;
  return atWallClock(day, time, timeZone);
}

/** The instant the business's clocks show `time` on `day`. */
export function atWallClock(day: string, time: { hour: number; minute: number }, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(
    wallClockToUtc({ year, month, day: date, hour: time.hour, minute: time.minute, second: 0 }, timeZone),
  ).toISOString();
}
