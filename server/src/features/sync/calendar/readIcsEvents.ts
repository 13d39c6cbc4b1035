import type { SyncRange } from '@auditdesk/shared/core';
import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { rangeBounds, type CalendarReadResult, type EventsListener } from './calendarEvent';
import {
  CalendarLimitError,
  DEFAULT_CALENDAR_LIMITS,
  type CalendarLimits,
} from '../../../platform/config/calendarLimits';
import { markBareDates } from './ics/bareDates';
import { textOf, type Component } from './ics/icalTypes';
import { repairObservances } from './ics/observances';
import { readEventGroup, type ReadContext } from './ics/readEventGroup';
import { resolveZoneName } from '../../../platform/time/timezones';
import { splitIcs, type EventBlock } from './splitIcs';

/** Events handed on at a time (a message between threads each): small, so the next step starts early. */
const EVENTS_PER_HANDING = 500;

/** A calendar file that cannot be read at all: the run fails and writes nothing. */
export class CalendarFileError extends Error {
  override name = 'CalendarFileError';
}

/** ICAL.parse, with a parse error as the file's error: the run fails and writes nothing. */
function parseIcs(icsText: string): unknown {
  try {
    return ICAL.parse(markBareDates(icsText));
  } catch (error) {
    throw new CalendarFileError(
      `The calendar file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Files without UIDs (OWA) still need a stable key per event. */
function uidOf(vevent: Component): string {
  const uid = textOf(vevent, 'uid').trim();
  if (uid) return uid;
  const raw = `${textOf(vevent, 'summary')}|${vevent.getFirstProperty('dtstart')?.toICALString() ?? ''}`;
  return `no-uid-${createHash('sha1').update(raw).digest('hex').slice(0, 16)}`;
}

/**
 * Reads the events of an ICS text that start inside the range, by RFC 5545 as
 * event-format.md ("Calendars as they really are", in ../shared/docs) spells it out:
 * recurring series expanded from the range on (EXDATE, RDATE, overrides grouped by UID, the
 * latest version of each), cancelled instances flagged, all-day dates, zones from VTIMEZONE,
 * IANA or Windows names. An event that cannot be read is reported and skipped; a file that
 * cannot be parsed throws CalendarFileError; a calendar over one of the limits throws
 * CalendarLimitError. With `onEvents`, the events are handed on in order as they are read,
 * a few hundred at a time, and the result holds none of them.
 */
export function readIcsEvents(
  icsText: string,
  range: SyncRange,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
  onEvents?: EventsListener,
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
  const context: ReadContext = {
    from,
    to,
    defaultZone,
    limits,
    events: [],
    tally: { read: 0 },
    problems: [],
  };
  const handOn = (least: number) => {
    if (onEvents && context.events.length >= least && context.events.length > 0)
      onEvents(context.events.splice(0));
  };
  const vcalendars = calendars.filter((calendar) => calendar.name === 'vcalendar');
  for (const calendar of calendars) {
    // blocks count VCALENDARs only; another top-level component holds no cut-out events
    const index = vcalendars.indexOf(calendar);
    // A VTIMEZONE without TZID makes ical.js throw on any unknown TZID: drop it.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      if (!zone.getFirstPropertyValue('tzid')) calendar.removeSubcomponent(zone);
    }
    repairObservances(calendar);
    const calendarZone = resolveZoneName(textOf(calendar, 'x-wr-timezone')) ?? defaultZone;
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
    for (const [key, group] of groups) {
      // a group read is let go, so a large calendar's groups shrink as they are read
      groups.delete(key);
      const vevents = [...group.parsed, ...group.blocks.map(parseEvent)];
      const uid = uidOf(vevents[0]!);
      try {
        readEventGroup({ ...context, defaultZone: calendarZone }, uid, vevents);
      } catch (error) {
        if (error instanceof CalendarLimitError) throw error;
        context.problems.push({
          uid,
          summary: textOf(vevents[0]!, 'summary'),
          message: error instanceof Error ? error.message : String(error),
        });
      }
      handOn(EVENTS_PER_HANDING);
    }
  }
  handOn(1);
  return { events: context.events, problems: context.problems };
}
