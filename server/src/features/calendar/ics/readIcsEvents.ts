import type { SyncRange } from '@auditdesk/shared/core';
import ICAL from 'ical.js';
import { createHash } from 'node:crypto';
import { rangeBounds, type CalendarReadResult, type EventsListener } from '../calendarEvent';
import {
  CalendarLimitError,
  DEFAULT_CALENDAR_LIMITS,
  type CalendarLimits,
} from '../../../platform/config/calendarLimits';
import { markBareDates } from './rfc5545/bareDates';
import { textOf, type Component } from './rfc5545/icalTypes';
import { repairObservances } from './rfc5545/observances';
import { readEventGroup, type ReadContext } from './rfc5545/readEventGroup';
import { resolveZoneName } from '../../../platform/time/timezones';
import { BlockKeys, blockKey } from './rfc5545/blockKeys';
import { detached, detachedProblem } from './rfc5545/detached';
import { eventUid, IcsSplitter } from './splitIcs';
import { tooManyEvents } from './rfc5545/limitMessages';
import { createReadMemo, type ReadMemo } from './readMemo';
import type { CalendarEvent, EventProblem } from '../calendarEvent';

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

/** An ICS text read pass by pass: each call hands it from its start, a piece at a time. */
export type IcsPieces = () => Iterable<string>;

/** A leading byte order mark is not part of the calendar. */
function* withoutBom(pieces: Iterable<string>): Iterable<string> {
  let first = true;
  for (const piece of pieces) {
    if (first && piece.length > 0) {
      first = false;
      yield piece.charCodeAt(0) === 0xfeff ? piece.slice(1) : piece;
    } else yield piece;
  }
}

const splitAll = (pieces: IcsPieces, splitter: IcsSplitter) => {
  for (const piece of withoutBom(pieces())) splitter.push(piece);
  splitter.end();
};

/** What the first pass over a calendar keeps: its skeleton, and the group key of each cut-out event. */
interface Outline {
  skeleton: string;
  keys: BlockKeys;
}

function outlineOf(pieces: IcsPieces): Outline {
  const skeleton: string[] = [];
  const keys = new BlockKeys();
  splitAll(
    pieces,
    new IcsSplitter({
      skeleton: (piece) => skeleton.push(detached(piece)),
      // without a UID the key comes from the parsed event (rare: OWA files)
      event: ({ calendar }, text) =>
        keys.push(
          blockKey(calendar, eventUid(text) ?? uidOf(new ICAL.Component(parseIcs(text) as unknown[]))),
        ),
    }),
  );
  return { skeleton: skeleton.join(''), keys };
}

function parseSkeleton(skeleton: string): Component[] {
  const parsed = parseIcs(skeleton);
  const calendars = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]).map(
    (jcal) => new ICAL.Component(jcal as unknown[]),
  );
  if (!calendars.some((calendar) => calendar.name === 'vcalendar')) {
    throw new CalendarFileError('The calendar file could not be read: it has no VCALENDAR.');
  }
  for (const calendar of calendars) {
    // A VTIMEZONE without TZID makes ical.js throw on any unknown TZID: drop it.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      if (!zone.getFirstPropertyValue('tzid')) calendar.removeSubcomponent(zone);
    }
    repairObservances(calendar);
  }
  return calendars;
}

/** The events of one group key waiting for the rest of their blocks. */
interface WaitingGroup {
  /** Parsed already: the skeleton's, and those without a UID. */
  parsed: Component[];
  /** The texts of the others, in the order of the file. */
  texts: string[];
}

/**
 * Reads the events of an ICS text that start inside the range, by RFC 5545 as
 * event-format.md ("Calendars as they really are", in ../shared/docs) spells it out:
 * recurring series expanded from the range on (EXDATE, RDATE, overrides grouped by UID, the
 * latest version of each), cancelled instances flagged, all-day dates, zones from VTIMEZONE,
 * IANA or Windows names. An event that cannot be read is reported and skipped; a file that
 * cannot be parsed throws CalendarFileError; a calendar over one of the limits throws
 * CalendarLimitError. With `onEvents`, the events are handed on as they are read, a few
 * hundred at a time, and the result holds none of them.
 */
export function readIcsEvents(
  icsText: string,
  range: SyncRange,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
  onEvents?: EventsListener,
): CalendarReadResult {
  return readIcsPieces(() => [icsText], range, defaultZone, limits, onEvents);
}

/**
 * readIcsEvents over a text handed in pieces, read twice so that it is never held whole.
 * The first pass keeps the skeleton (calendars, time zones: they may come after the events)
 * and a 32-bit key of each event's UID. The second reads each event as it comes, when its UID
 * is the only one of its key; the events of a UID with several blocks (a series and its
 * overrides, RFC 5545 RECURRENCE-ID) wait until their last block has come and are read
 * together then. So events come in the order of the file, except a group's, which come where
 * its last block is; the skeleton's own events (a malformed or nested VEVENT) come first in
 * their calendar, or with the rest of their group.
 */
export function readIcsPieces(
  pieces: IcsPieces,
  range: SyncRange,
  defaultZone: string,
  limits: CalendarLimits = DEFAULT_CALENDAR_LIMITS,
  onEvents?: EventsListener,
): CalendarReadResult {
  const outline = outlineOf(pieces);
  const calendars = parseSkeleton(outline.skeleton);
  const vcalendars = calendars.filter((calendar) => calendar.name === 'vcalendar');
  // the skeleton's own events, by group key, for each top-level component
  const skeletonGroups = calendars.map((calendar) => {
    const groups = new Map<string, Component[]>();
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const key = uidOf(vevent);
      const group = groups.get(key);
      if (group) group.push(vevent);
      else groups.set(key, [vevent]);
    }
    return groups;
  });
  const waiting = outline.keys.waiting(
    vcalendars.flatMap((vcalendar, index) =>
      [...skeletonGroups[calendars.indexOf(vcalendar)]!.keys()].map((key) => blockKey(index, key)),
    ),
  );

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

  // the top-level component being read (blocks count VCALENDARs only; another holds no cut-out events)
  let current = -1;
  let calendarZone = defaultZone;
  const groups = new Map<string, WaitingGroup>();
  const groupKeys = new Map<number, string[]>();
  // the event's parent is its calendar, so that its TZIDs find the calendar's VTIMEZONEs
  const parseEvent = (text: string) => new ICAL.Component(parseIcs(text) as unknown[], calendars[current]);

  const readGroup = (
    vevents: Component[],
    remember?: (events: CalendarEvent[], problems: EventProblem[]) => void,
  ) => {
    const uid = uidOf(vevents[0]!);
    const events = context.events.length;
    const problems = context.problems.length;
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
    // problems are kept for the whole read: not the chunk of the file they were cut from
    for (let index = problems; index < context.problems.length; index += 1)
      context.problems[index] = detachedProblem(context.problems[index]!);
    remember?.(context.events.slice(events), context.problems.slice(problems));
    handOn(EVENTS_PER_HANDING);
  };
  // an event alone under its UID, read the same way as in the last read: its events again
  const memo = readMemo.begin(
    `${outline.skeleton}\u0000${defaultZone}\u0000${from}\u0000${to}\u0000${JSON.stringify(limits)}`,
  );
  const readAlone = (text: string) => {
    const known = memo.known(current, text);
    if (!known) {
      readGroup([parseEvent(text)], (events, problems) => memo.remember(current, text, events, problems));
      return;
    }
    for (const event of known.events) {
      if (context.tally.read >= limits.eventsPerRun)
        throw tooManyEvents({ uid: event.leadId, summary: event.summary }, limits.eventsPerRun);
      context.tally.read += 1;
      context.events.push({ ...event });
    }
    context.problems.push(...known.problems);
    handOn(EVENTS_PER_HANDING);
  };
  const groupOf = (key: string, hash: number) => {
    let group = groups.get(key);
    if (!group) {
      groups.set(key, (group = { parsed: [], texts: [] }));
      groupKeys.set(hash, [...(groupKeys.get(hash) ?? []), key]);
    }
    return group;
  };
  const readWaiting = (keys: Iterable<string>) => {
    for (const key of keys) {
      const group = groups.get(key);
      if (!group) continue;
      // a group read is let go, so a large calendar's groups shrink as they are read
      groups.delete(key);
      readGroup([...group.parsed, ...group.texts.map(parseEvent)]);
    }
  };
  /** Reads on to the top-level component `upTo`: the one before is done, its skeleton's events come first. */
  const enter = (upTo: number) => {
    while (current < upTo) {
      readWaiting([...groups.keys()]);
      groupKeys.clear();
      current += 1;
      const calendar = calendars[current];
      if (!calendar) return;
      calendarZone = resolveZoneName(textOf(calendar, 'x-wr-timezone')) ?? defaultZone;
      const index = vcalendars.indexOf(calendar);
      for (const [key, vevents] of skeletonGroups[current]!) {
        const hash = index < 0 ? null : blockKey(index, key);
        if (hash !== null && waiting.has(hash)) groupOf(key, hash).parsed.push(...vevents);
        else readGroup(vevents);
      }
      skeletonGroups[current] = new Map();
    }
  };

  let block = 0;
  splitAll(
    pieces,
    new IcsSplitter({
      event: ({ calendar }, text) => {
        const hash = outline.keys.at(block);
        block += 1;
        if (hash === undefined) throw changedMeanwhile();
        const vcalendar = vcalendars[calendar];
        const at = vcalendar ? calendars.indexOf(vcalendar) : -1;
        // an event of a calendar the skeleton does not hold is not read, as before
        if (at < 0 || at < current) return;
        enter(at);
        if (!waiting.has(hash)) {
          readAlone(text);
          return;
        }
        const uid = eventUid(text);
        if (uid === null) {
          const vevent = parseEvent(text);
          groupOf(uidOf(vevent), hash).parsed.push(vevent);
        } else groupOf(uid, hash).texts.push(detached(text));
        const left = waiting.get(hash)! - 1;
        if (left > 0) waiting.set(hash, left);
        else {
          waiting.delete(hash);
          readWaiting(groupKeys.get(hash) ?? []);
          groupKeys.delete(hash);
        }
      },
    }),
  );
  if (block !== outline.keys.length) throw changedMeanwhile();
  enter(calendars.length);
  memo.end();
  handOn(1);
  return { events: context.events, problems: context.problems };
}

/** What this thread's last read of a calendar read event by event (readMemo). */
const readMemo: ReadMemo = createReadMemo();

/** The two passes over a calendar did not meet the same events. */
const changedMeanwhile = () =>
  new CalendarFileError('The calendar file changed while it was being read: run the sync again.');
