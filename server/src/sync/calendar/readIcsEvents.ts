import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { htmlToText } from '../parser/htmlToText';
import {
  basicUtc,
  rangeBounds,
  type CalendarEvent,
  type CalendarRange,
  type CalendarReadResult,
  type EventProblem,
} from './calendarEvent';
import { splitIcs, type EventBlock } from './splitIcs';
import { resolveZoneName, wallClockToUtc } from './timezones';

/** A calendar file that cannot be read at all: the run fails and writes nothing. */
export class CalendarFileError extends Error {
  override name = 'CalendarFileError';
}

type Component = InstanceType<typeof ICAL.Component>;

/** ICAL.parse, with a parse error as the file's error: the run fails and writes nothing. */
function parseIcs(icsText: string): unknown {
  try {
    return ICAL.parse(icsText);
  } catch (error) {
    throw new CalendarFileError(
      `The calendar file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
type Time = InstanceType<typeof ICAL.Time>;

/** Series are walked at most this far, so a broken rule cannot hang a run. */
const MAX_OCCURRENCES = 200_000;
/** How far past the range an original start may lie and still be moved into it. */
const MOVED_INSTANCE_SLACK_MS = 366 * 24 * 3600 * 1000;

/** Turns an ical.js time into an instant, using the zone rules the calendar gives. */
function instantOf(time: Time, tzid: string | null, defaultZone: string): { start: Date; allDay: boolean } {
  const result = readInstant(time, tzid, defaultZone);
  if (Number.isNaN(result.start.getTime())) throw new Error(`its time ${time.toString()} cannot be read`);
  return result;
}

function readInstant(time: Time, tzid: string | null, defaultZone: string): { start: Date; allDay: boolean } {
  if (time.isDate) return { start: new Date(Date.UTC(time.year, time.month - 1, time.day)), allDay: true };
  const zone = time.zone;
  const floating = !zone || zone.tzid === 'floating';
  if (!floating) return { start: new Date(time.toUnixTime() * 1000), allDay: false };
  // No VTIMEZONE for the TZID (or no TZID at all): ical.js leaves the time floating.
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

function startOf(component: Component): Time {
  const start = component.getFirstPropertyValue('dtstart') as Time | null;
  if (!start) throw new Error('it has no start (DTSTART)');
  return start;
}

const tzidOf = (component: Component, property: string): string | null => {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};
const text = (component: Component, property: string): string => {
  const value = component.getFirstPropertyValue(property);
  return value === null || value === undefined ? '' : String(value);
};
const isCancelled = (component: Component) => text(component, 'status').toUpperCase() === 'CANCELLED';

/** Files without UIDs (OWA) still need a stable key per event. */
function uidOf(vevent: Component): string {
  const uid = text(vevent, 'uid').trim();
  if (uid) return uid;
  const raw = `${text(vevent, 'summary')}|${vevent.getFirstProperty('dtstart')?.toICALString() ?? ''}`;
  return `no-uid-${createHash('sha1').update(raw).digest('hex').slice(0, 16)}`;
}

/** Exchange writes a DATE-TIME RECURRENCE-ID for a DATE series; ical.js then misses the override. */
function alignRecurrenceId(override: Component, masterStart: Time): void {
  const property = override.getFirstProperty('recurrence-id');
  const rid = property?.getFirstValue() as Time | undefined;
  if (!property || !rid) return;
  if (masterStart.isDate && !rid.isDate) {
    property.setValue(ICAL.Time.fromDateString(rid.toString().slice(0, 10)));
  } else if (!masterStart.isDate && rid.isDate) {
    const aligned = masterStart.clone();
    aligned.year = rid.year;
    aligned.month = rid.month;
    aligned.day = rid.day;
    property.setValue(aligned);
  }
}

interface Context {
  from: number;
  to: number;
  defaultZone: string;
  events: CalendarEvent[];
  problems: EventProblem[];
}

function toEvent(
  component: Component,
  leadId: string,
  start: { start: Date; allDay: boolean },
  cancelled: boolean,
): CalendarEvent {
  return {
    leadId,
    summary: text(component, 'summary').trim(),
    description: htmlToText(text(component, 'description')),
    url: text(component, 'url'),
    start: start.start,
    allDay: start.allDay,
    cancelled,
  };
}

function addIfInRange(context: Context, event: CalendarEvent): void {
  const at = event.start.getTime();
  if (at >= context.from && at <= context.to) context.events.push(event);
}

/**
 * A single instance: a one-off event, or an override whose series is not in the file.
 * When one UID names several one-off events, each is told apart by its start.
 */
function readSingle(context: Context, component: Component, uid: string, uidShared: boolean): void {
  const start = instantOf(startOf(component), tzidOf(component, 'dtstart'), context.defaultZone);
  const rid = component.getFirstPropertyValue('recurrence-id') as Time | null;
  const instant = rid
    ? instantOf(rid, tzidOf(component, 'recurrence-id'), context.defaultZone).start
    : start.start;
  const leadId = rid || uidShared ? `${uid}_${basicUtc(instant)}` : uid;
  addIfInRange(context, toEvent(component, leadId, start, isCancelled(component)));
}

function readSeries(context: Context, master: Component, overrides: Component[], uid: string): void {
  const masterStart = startOf(master);
  const masterTzid = tzidOf(master, 'dtstart');
  for (const override of overrides) alignRecurrenceId(override, masterStart);
  const series = new ICAL.Event(master, { exceptions: overrides });
  const iterator = series.iterator();
  for (let count = 0; count < MAX_OCCURRENCES; count += 1) {
    const step = iterator.next() as Time | InstanceType<typeof ICAL.Period> | undefined;
    if (!step) return;
    // an RDATE may be a PERIOD: its start is the occurrence
    const next = step instanceof ICAL.Period ? step.start : step;
    const original = instantOf(next, masterTzid, context.defaultZone).start;
    if (original.getTime() > context.to + MOVED_INSTANCE_SLACK_MS) return;
    const details = series.getOccurrenceDetails(next);
    const item = details.item.component;
    const start = instantOf(details.startDate, tzidOf(item, 'dtstart') ?? masterTzid, context.defaultZone);
    addIfInRange(
      context,
      toEvent(item, `${uid}_${basicUtc(original)}`, start, isCancelled(item) || isCancelled(master)),
    );
  }
  context.problems.push({
    uid,
    summary: text(master, 'summary'),
    message: `stopped after ${MAX_OCCURRENCES} occurrences`,
  });
}

function readGroup(context: Context, uid: string, vevents: Component[]): void {
  const masters = vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'));
  const overrides = vevents.filter((vevent) => vevent.hasProperty('recurrence-id'));
  const master = masters[0];
  const recurring = master && (master.hasProperty('rrule') || master.hasProperty('rdate'));
  if (master && recurring) {
    readSeries(context, master, overrides, uid);
  } else {
    for (const vevent of [...masters, ...overrides]) readSingle(context, vevent, uid, masters.length > 1);
  }
}

/**
 * Reads the events of an ICS text that start inside the range: recurring series expanded
 * (EXDATE, RDATE, overrides grouped by UID), cancelled instances flagged, all-day dates,
 * zones from VTIMEZONE, IANA or Windows names. An event that cannot be read is reported
 * and skipped; a file that cannot be parsed throws CalendarFileError.
 */
export function readIcsEvents(
  icsText: string,
  range: CalendarRange,
  defaultZone: string,
): CalendarReadResult {
  const ics = icsText.replace(/^\uFEFF/, '');
  const { skeleton, events } = splitIcs(ics);
  const calendars = (() => {
    const parsed = parseIcs(skeleton);
    return (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (jcal) => new ICAL.Component(jcal as unknown[]),
    );
  })();
  if (!calendars.some((calendar) => calendar.name === 'vcalendar')) {
    throw new CalendarFileError('The calendar file could not be read: it has no VCALENDAR.');
  }

  const { from, to } = rangeBounds(range);
  const context: Context = { from, to, defaultZone, events: [], problems: [] };
  const vcalendars = calendars.filter((calendar) => calendar.name === 'vcalendar');
  for (const calendar of calendars) {
    // blocks count VCALENDARs only; another top-level component holds no cut-out events
    const index = vcalendars.indexOf(calendar);
    // A VTIMEZONE without TZID makes ical.js throw on any unknown TZID: drop it.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      if (!zone.getFirstPropertyValue('tzid')) calendar.removeSubcomponent(zone);
    }
    const calendarZone = resolveZoneName(text(calendar, 'x-wr-timezone')) ?? defaultZone;
    // the event's parent is its calendar, so that its TZIDs find the calendar's VTIMEZONEs
    const parseEvent = (block: EventBlock) =>
      new ICAL.Component(parseIcs(ics.slice(block.start, block.end)) as unknown[], calendar);
    const groups = new Map<string, { blocks: EventBlock[]; parsed: Component[] }>();
    const groupOf = (uid: string) => {
      let group = groups.get(uid);
      if (!group) groups.set(uid, (group = { blocks: [], parsed: [] }));
      return group;
    };
    for (const vevent of calendar.getAllSubcomponents('vevent')) groupOf(uidOf(vevent)).parsed.push(vevent);
    for (const block of events) {
      if (index < 0 || block.calendar !== index) continue;
      // without a UID the key comes from the parsed event (rare: OWA files)
      if (block.uid === null) {
        const vevent = parseEvent(block);
        groupOf(uidOf(vevent)).parsed.push(vevent);
      } else groupOf(block.uid).blocks.push(block);
    }
    for (const group of groups.values()) {
      const vevents = [...group.parsed, ...group.blocks.map(parseEvent)];
      const uid = uidOf(vevents[0]!);
      try {
        readGroup({ ...context, defaultZone: calendarZone }, uid, vevents);
      } catch (error) {
        context.problems.push({
          uid,
          summary: text(vevents[0]!, 'summary'),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
  return { events: context.events, problems: context.problems };
}
