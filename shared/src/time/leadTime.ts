// A lead's time is an instant or a day (DESIGN.md section 23, event-format.md `allDay`). A day
// is stored at 00:00 UTC of its date and its date part is taken as it is, in no zone; an
// instant is read on the business's clocks. Every screen, export and count asks here.
import { wallClockToUtc, zoneOffsetMs } from './wallClock';

/** A day as it is sent or typed: yyyy-mm-dd, no time. */
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const TIME_TEXT = /^(\d{2}):(\d{2})$/;

export const isDayText = (value: string): boolean => DAY_TEXT.test(value);

/**
 * What a lead stores of a date sent to it: a day (yyyy-mm-dd) as 00:00 UTC of that date with
 * `allDay`, an instant as it is.
 */
export function storedLeadDate(value: string | null): { value: string | null; allDay: boolean } {
  if (value && isDayText(value)) return { value: `${value}T00:00:00.000Z`, allDay: true };
  return { value, allDay: false };
}

/** The business's zone, or the viewer's own until it is known. */
const zoneOf = (timeZone: string | undefined) => timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A zone's offset at an instant, worked out once per zone and quarter hour (every zone's
 * changes fall on one): Intl is the slow part, and a table of 100,000 leads asks it of each.
 */
const QUARTER_MS = 900_000;
const offsets = new Map<string, number>();
function offsetAt(instant: number, zone: string): number {
  const key = `${zone}|${Math.floor(instant / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, (offset = zoneOffsetMs(Math.floor(instant / QUARTER_MS) * QUARTER_MS, zone)));
  }
  return offset;
}

/** The business's wall clock at an instant, as a Date read in UTC. */
const onClock = (instant: number, timeZone: string | undefined) =>
  new Date(instant + offsetAt(instant, zoneOf(timeZone)));

/** yyyy-mm-dd of the business's calendar at an instant. */
const dayOnClock = (instant: number, timeZone: string | undefined): string =>
  onClock(instant, timeZone).toISOString().slice(0, 10);

/**
 * The lead's day as yyyy-mm-dd: a day's date part as it is; an instant's day on the business's
 * clocks (`timeZone`; undefined: the viewer's). Empty for none or an unreadable value.
 */
export function leadDay(
  value: string | null | undefined,
  allDay: boolean,
  timeZone: string | undefined,
): string {
  if (!value) return '';
  if (allDay) return value.slice(0, 10);
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? '' : dayOnClock(instant, timeZone);
}

/**
 * The week of the month of a day (yyyy-mm-dd): weeks start on Monday and week 1 is the week
 * that holds the 1st (event-format.md's weekView).
 */
export function weekOfMonthOfDay(day: string): number {
  const date = Number(day.slice(8, 10));
  const firstWeekday = new Date(`${day.slice(0, 8)}01T00:00:00Z`).getUTCDay();
  const mondayBasedOffset = (firstWeekday + 6) % 7; // days of week 1 before the 1st
  return Math.floor((date - 1 + mondayBasedOffset) / 7) + 1;
}

/**
 * The week of the month of the lead's day on the business's calendar (what the screens show
 * and the comparison counts by); null for none.
 */
export function leadWeek(value: string | null | undefined, allDay: boolean, timeZone: string | undefined) {
  const day = leadDay(value, allDay, timeZone);
  return day ? weekOfMonthOfDay(day) : null;
}

/** `12/01/2026` of `2026-12-01`: a calendar day as every screen writes it; empty for none. */
export const formatCalendarDay = (day: string): string =>
  day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';

/** `12/01/2026`: the lead's day as the office writes it; empty for none. */
export const formatLeadDay = (
  value: string | null | undefined,
  allDay: boolean,
  timeZone: string | undefined,
) => formatCalendarDay(leadDay(value, allDay, timeZone));

/** What a day says where an instant says its time. */
export const ALL_DAY = 'All day';

/** `9:00 AM` on the business's clocks, or `All day`; empty for none. */
export function formatLeadClock(
  value: string | null | undefined,
  allDay: boolean,
  timeZone: string | undefined,
): string {
  if (!value) return '';
  if (allDay) return ALL_DAY;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return '';
  const shown = onClock(instant, timeZone);
  const hours = shown.getUTCHours();
  return `${hours % 12 || 12}:${pad(shown.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `12/01/2026 9:00 AM`, or `12/01/2026 All day`: the lead's time as every screen shows it. */
export function formatLeadTime(
  value: string | null | undefined,
  allDay: boolean,
  timeZone: string | undefined,
): string {
  const day = formatLeadDay(value, allDay, timeZone);
  return day ? `${day} ${formatLeadClock(value, allDay, timeZone)}` : '';
}

/** The day and time a person types (`2026-12-01`, `14:30` or '' for a day) of a lead's date. */
export function leadDateInput(
  value: string | null | undefined,
  allDay: boolean,
  timeZone: string | undefined,
): { day: string; time: string } {
  const day = leadDay(value, allDay, timeZone);
  if (!day || allDay) return { day, time: '' };
  const instant = Date.parse(value!);
  const shown = onClock(instant, timeZone);
  return { day, time: `${pad(shown.getUTCHours())}:${pad(shown.getUTCMinutes())}` };
}

/**
 * What a typed day and time send: nothing (null) without a day, the day alone (a day, all
 * day) without a time, else the instant the business's clocks show then.
 */
export function leadDateFromInput(day: string, time: string, timeZone: string | undefined): string | null {
  if (!isDayText(day)) return null;
  const clock = TIME_TEXT.exec(time);
  if (!clock) return day;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = { year, month, day: date, hour: Number(clock[1]), minute: Number(clock[2]), second: 0 };
  return new Date(wallClockToUtc(wall, zoneOf(timeZone))).toISOString();
}
