import ICAL from 'ical.js';
import type { CalendarLimits } from '../../../../platform/config/calendarLimits';
import type { Component, Recur, Time } from './icalTypes';
import { tzidOf } from './icalTypes';
import { instantOf, wallDate } from './instants';
import { subHourlyRule, tooLongAWalk, tooManyOccurrences } from './limitMessages';

/** One instance of a series: its original start (before any override moved it). */
export interface SeriesInstance {
  at: number;
}

/** An instance a THISANDFUTURE override may move. */
export interface MovableInstance extends SeriesInstance {
  /** Its start moved by `seconds` on the series' wall clock (across a DST change, the same local time). */
  movedBy(seconds: number): number;
}

export interface Window {
  from: number;
  to: number;
}

/**
 * A rule walked from DTSTART to reach a window further on may take at most this many
 * steps: a rule with BY parts cannot be skipped ahead by arithmetic.
 */
export const MAX_WALK = 100_000;

const FIXED_PERIOD_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3_600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};
const SUB_HOURLY = new Set(['SECONDLY', 'MINUTELY']);
/** Skip ahead to this far before the window, so zone offsets and DST cannot put us past it. */
const SKIP_MARGIN_SECONDS = 2 * 86_400;

export interface Series {
  /** The instances whose original start lies in the window, ascending, each once, EXDATEs removed. */
  instances(window: Window): SeriesInstance[];
  /** The same, each able to say where a move on the series' wall clock puts it (costlier: for THISANDFUTURE). */
  movableInstances(window: Window): MovableInstance[];
}

/**
 * The recurrence set of a master (RFC 5545 §3.8.5): DTSTART, every RRULE instance and every
 * RDATE, each instant once, minus every EXDATE. ical.js 2.2.1 is used only to step through
 * one rule at a time, in the series' own wall clock; this module does what it gets wrong:
 * - COUNT is counted here (ical.js loses instances with COUNT and BYMONTH across a year);
 * - UNTIL, EXDATE and RDATE are compared as instants, each in its own zone, so a UTC EXDATE
 *   or UNTIL matches a series whose TZID has no VTIMEZONE (ical.js compares floating times);
 * - DTSTART is always an instance, also of an RDATE-only event (ical.js drops it);
 * - an instant that both a rule and an RDATE give counts once, and EXDATE removes it;
 * - a window far from DTSTART is reached by skipping whole periods when the rule allows it,
 *   else by a walk bounded by MAX_WALK, never by walking every second since DTSTART.
 */
export function recurrenceSet(
  master: Component,
  defaultZone: string,
  limits: CalendarLimits,
  event: { uid: string; summary: string },
): Series {
  const dtstart = master.getFirstPropertyValue('dtstart') as Time | null;
  if (!dtstart) throw new Error('it has no start (DTSTART)');
  const tzid = tzidOf(master, 'dtstart');
  const allDay = dtstart.isDate;
  const at = (time: Time, zone: string | null = tzid) =>
    allDay
      ? Date.UTC(time.year, time.month - 1, time.day)
      : instantOf(time, zone ?? tzid, defaultZone).start.getTime();

  const rules = master.getAllProperties('rrule').map((property) => property.getFirstValue() as Recur);
  for (const rule of rules) {
    if (SUB_HOURLY.has(rule.freq) && !limits.allowSubHourlyRules) throw subHourlyRule(event, rule.freq);
  }
  // UNTIL is UTC or floating (the series' zone); a date UNTIL on a timed series ends with its day
  const untilAt = (until: Time): number =>
    allDay || !until.isDate
      ? at(until)
      : at(
          ICAL.Time.fromData({
            year: until.year,
            month: until.month,
            day: until.day,
            hour: 23,
            minute: 59,
            second: 59,
          }),
        );

  const valuesOf = (property: string) =>
    master.getAllProperties(property).flatMap((line) => {
      const zone = (line.getParameter('tzid') as string | undefined) ?? tzid;
      return (line.getValues() as Array<Time | InstanceType<typeof ICAL.Period>>).map((value) => ({
        time: value instanceof ICAL.Period ? value.start : value,
        zone,
      }));
    });
  const rdates = valuesOf('rdate').map(({ time, zone }) => ({
    at: at(time, zone),
    day: wallDate(time),
    wall: time,
    zone,
  }));
  const exdates = new Set<number>();
  const exdays = new Set<string>();
  for (const { time, zone } of valuesOf('exdate')) {
    if (time.isDate && !allDay) exdays.add(wallDate(time));
    else exdates.add(at(time, zone));
  }

  interface Found {
    day: string;
    /** Kept only for movable instances: ical.js steps one Time in place, so keeping it is a copy. */
    wall: Time | null;
    zone: string | null;
  }
  const rollsOver = (rule: Recur) =>
    rule.freq === 'YEARLY' || rule.freq === 'MONTHLY'
      ? (time: Time) => rolledOver(rule, dtstart!, time)
      : null;

  function* ruleInstants(rule: Recur, window: Window, keepWalls: boolean): Generator<{ at: number } & Found> {
    const count = rule.count ?? null;
    const until = rule.until ? untilAt(rule.until) : Number.POSITIVE_INFINITY;
    const open = rule.clone();
    open.count = null;
    open.until = null;
    const skip = skipAhead(rule, dtstart!, at(dtstart!), window.from, allDay);
    let index = skip?.skipped ?? 0;
    const iterator = open.iterator(skip?.start ?? dtstart!);
    let walked = 0;
    const invalid = rollsOver(rule);
    for (let next = iterator.next() as Time | undefined; next; next = iterator.next() as Time | undefined) {
      if (count !== null && index >= count) return;
      if (invalid?.(next)) {
        // an invalid date (30 February) is no instance and does not count (RFC 5545 3.3.10)
        walked += 1;
        if (walked > MAX_WALK) throw tooLongAWalk(event, MAX_WALK);
        continue;
      }
      index += 1;
      const instant = at(next);
      if (instant > until || instant > window.to) return;
      if (instant < window.from) {
        walked += 1;
        if (walked > MAX_WALK) throw tooLongAWalk(event, MAX_WALK);
        continue;
      }
      yield { at: instant, day: wallDate(next), wall: keepWalls ? next.clone() : null, zone: tzid };
    }
  }

  const moved = ({ wall, zone }: Found, seconds: number) => {
    const time = wall!.clone();
    time.adjust(Math.trunc(seconds / 86_400), 0, 0, seconds % 86_400);
    return at(time, zone);
  };

  function collect(window: Window, keepWalls: boolean): [number, Found][] {
    const found = new Map<number, Found>();
    const add = (instant: number, instance: Found) => {
      if (instant < window.from || instant > window.to || found.has(instant)) return;
      found.set(instant, instance);
      if (found.size > limits.occurrencesPerSeries)
        throw tooManyOccurrences(event, limits.occurrencesPerSeries);
    };
    add(at(dtstart!), { day: wallDate(dtstart!), wall: dtstart, zone: tzid });
    for (const rule of rules)
      for (const instance of ruleInstants(rule, window, keepWalls)) add(instance.at, instance);
    for (const rdate of rdates) add(rdate.at, rdate);
    return [...found]
      .filter(([instant, { day }]) => !exdates.has(instant) && !exdays.has(day))
      .sort(([a], [b]) => a - b);
  }

  return {
    instances: (window) => collect(window, false).map(([instant]) => ({ at: instant })),
    movableInstances: (window) =>
      collect(window, true).map(([instant, instance]) => ({
        at: instant,
        movedBy: (seconds: number) => moved(instance, seconds),
      })),
  };
}

const DAY_PARTS = ['BYMONTHDAY', 'BYDAY', 'BYYEARDAY', 'BYWEEKNO'] as const;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whether ical.js made up this instance by rolling an invalid date into the next month:
 * a yearly series from 29 February gives 1 March in a non-leap year (and a yearly
 * BYMONTH=1,2 series from the 31st gives 3 March). RFC 5545 3.3.10: such an instance is
 * ignored and not counted. The day and month a rule leaves to DTSTART must be DTSTART's,
 * and a BYMONTH or BYMONTHDAY it names must hold.
 */
function rolledOver(rule: Recur, dtstart: Time, time: Time): boolean {
  // (asked of YEARLY and MONTHLY rules only: the others step by fixed periods and weekdays)
  const parts = (rule.parts ?? {}) as Record<string, number[] | undefined>;
  const given = (part: string) => (parts[part]?.length ?? 0) > 0;
  if (given('BYMONTH') && !parts.BYMONTH!.includes(time.month)) return true;
  if (given('BYMONTHDAY')) {
    const last = daysInMonth(time.year, time.month);
    return !parts.BYMONTHDAY!.some((day) => (day > 0 ? day : last + day + 1) === time.day);
  }
  if (DAY_PARTS.some(given)) return false;
  if (time.day !== dtstart.day) return true;
  return rule.freq === 'YEARLY' && !given('BYMONTH') && time.month !== dtstart.month;
}

/**
 * A rule of fixed-length periods without BY parts gives exactly one instance a period, so a
 * window far after DTSTART is reached by moving DTSTART ahead by whole periods (in the
 * series' wall clock, as ical.js steps) and counting them as passed instances.
 */
function skipAhead(
  rule: Recur,
  dtstart: Time,
  dtstartAt: number,
  from: number,
  allDay: boolean,
): { start: Time; skipped: number } | null {
  const unit = FIXED_PERIOD_SECONDS[rule.freq];
  if (!unit || (allDay && unit < 86_400)) return null;
  if (Object.values(rule.parts ?? {}).some((values) => Array.isArray(values) && values.length > 0))
    return null;
  const step = unit * (rule.interval || 1);
  const periods = Math.floor(((from - dtstartAt) / 1000 - SKIP_MARGIN_SECONDS) / step);
  if (periods < 1) return null;
  const seconds = periods * step;
  const start = dtstart.clone();
  start.adjust(Math.floor(seconds / 86_400), 0, 0, seconds % 86_400);
  return { start, skipped: periods };
}
