import { basicUtc, type CalendarEvent, type EventProblem } from '../../calendarEvent';
import type { CalendarLimits } from '../../../../platform/config/calendarLimits';
import { htmlToText } from '../../eventFormat/htmlToText';
import { alignRecurrenceId } from './alignRecurrenceId';
import { durationOf } from './durationOf';
import { isCancelled, textOf, tzidOf, type Component, type Time } from './icalTypes';
import { instantOf, type Instant } from './instants';
import { latestVersion } from './latestVersion';
import { tooManyEvents, tooManyOccurrences } from './limitMessages';
import { recurrenceSet, type MovableInstance } from './recurrenceSet';
import { wallShiftSeconds } from './wallShift';

/** What reading one calendar's events needs and gathers. */
export interface ReadContext {
  from: number;
  to: number;
  defaultZone: string;
  limits: CalendarLimits;
  /** The events read and not yet handed on. */
  events: CalendarEvent[];
  /** How many events were read, handed on or not: what the limit of events counts (shared by copies of the context). */
  tally: { read: number };
  problems: EventProblem[];
}

function startOf(component: Component): Time {
  const start = component.getFirstPropertyValue('dtstart') as Time | null;
  if (!start) throw new Error('it has no start (DTSTART)');
  return start;
}

function toEvent(
  context: ReadContext,
  component: Component,
  leadId: string,
  start: Instant,
  cancelled: boolean,
): CalendarEvent {
  const duration = durationOf(component, context.defaultZone);
  return {
    leadId,
    summary: textOf(component, 'summary').trim(),
    description: htmlToText(textOf(component, 'description')),
    url: textOf(component, 'url'),
    location: textOf(component, 'location').trim(),
    start: start.start,
    end: duration === null ? null : new Date(start.start.getTime() + duration),
    allDay: start.allDay,
    cancelled,
  };
}

function addIfInRange(context: ReadContext, event: CalendarEvent, uid: string): void {
  const at = event.start.getTime();
  if (at < context.from || at > context.to) return;
  if (context.tally.read >= context.limits.eventsPerRun)
    throw tooManyEvents({ uid, summary: event.summary }, context.limits.eventsPerRun);
  context.tally.read += 1;
  context.events.push(event);
}

const problemOf = (uid: string, component: Component, error: unknown): EventProblem => ({
  uid,
  summary: textOf(component, 'summary'),
  message: error instanceof Error ? error.message : String(error),
});

/** A one-off event, or an override whose series is not in the file. */
function readSingle(context: ReadContext, component: Component, uid: string): void {
  const start = instantOf(startOf(component), tzidOf(component, 'dtstart'), context.defaultZone);
  const rid = component.getFirstPropertyValue('recurrence-id') as Time | null;
  const instance = rid
    ? basicUtc(instantOf(rid, tzidOf(component, 'recurrence-id'), context.defaultZone).start)
    : undefined;
  const leadId = instance ? `${uid}_${instance}` : uid;
  const event = toEvent(context, component, leadId, start, isCancelled(component));
  addIfInRange(context, instance ? { ...event, instance } : event, uid);
}

interface ReadableOverride {
  component: Component;
  /** The instance it replaces (its RECURRENCE-ID). */
  original: number;
  start: Instant;
  /** RANGE=THISANDFUTURE: it changes the later instances too (RFC 5545 3.8.4.4). */
  thisAndFuture: boolean;
  /** How far it moves its instance on the series' wall clock; null when its start is on another clock. */
  wallShift: number | null;
}

/**
 * The overrides that can be read, one per instance (the latest version of each). One that
 * cannot be read is reported on its own and the series keeps its instance.
 */
function readableOverrides(
  context: ReadContext,
  overrides: Component[],
  master: Component,
  uid: string,
): Map<number, ReadableOverride> {
  const masterStart = startOf(master);
  const masterTzid = tzidOf(master, 'dtstart');
  const versions = new Map<number, ReadableOverride[]>();
  for (const component of overrides) {
    try {
      alignRecurrenceId(component, masterStart);
      const ridProperty = component.getFirstProperty('recurrence-id')!;
      const rid = ridProperty.getFirstValue() as Time;
      const ridZone = tzidOf(component, 'recurrence-id') ?? masterTzid;
      const original = instantOf(rid, ridZone, context.defaultZone);
      const startZone = tzidOf(component, 'dtstart') ?? masterTzid;
      const start = instantOf(startOf(component), startZone, context.defaultZone);
      const key = original.start.getTime();
      const readable: ReadableOverride = {
        component,
        original: key,
        start,
        thisAndFuture: String(ridProperty.getParameter('range') ?? '').toUpperCase() === 'THISANDFUTURE',
        wallShift: wallShiftSeconds(
          { time: rid, zone: ridZone },
          { time: startOf(component), zone: startZone },
        ),
      };
      versions.set(key, [...(versions.get(key) ?? []), readable]);
    } catch (error) {
      context.problems.push(problemOf(uid, component, error));
    }
  }
  const chosen = new Map<number, ReadableOverride>();
  for (const [key, candidates] of versions) {
    const latest = latestVersion(candidates.map((candidate) => candidate.component));
    chosen.set(
      key,
      candidates.find((candidate) => candidate.component === latest)!,
    );
  }
  return chosen;
}

/** A later instance as a THISANDFUTURE override changes it: moved as it moved its own, its properties. */
function movedStart(override: ReadableOverride, instance: MovableInstance): Instant {
  const at =
    override.wallShift === null
      ? instance.at + (override.start.start.getTime() - override.original)
      : instance.movedBy(override.wallShift);
  return { start: new Date(at), allDay: override.start.allDay };
}

/** A wall-clock move and the same move in instants differ by a DST change at most: the windows allow a day. */
const MOVE_MARGIN_MS = 86_400_000;

/**
 * The instances of a series in the range. Each THISANDFUTURE override rules the instances
 * from its own up to the next one's: each is read from that part of the series whose
 * instances it moves into the range, so an instance moved in from outside is found too.
 * An instance's own override wins over a THISANDFUTURE one.
 */
function readSeries(context: ReadContext, master: Component, overrides: Component[], uid: string): void {
  const name = { uid, summary: textOf(master, 'summary') };
  const series = recurrenceSet(master, context.defaultZone, context.limits, name);
  const allDay = startOf(master).isDate;
  const byOriginal = readableOverrides(context, overrides, master, uid);
  const emit = (original: number, item: Component, start: Instant) => {
    const instance = basicUtc(new Date(original));
    addIfInRange(
      context,
      {
        ...toEvent(context, item, `${uid}_${instance}`, start, isCancelled(item) || isCancelled(master)),
        instance,
      },
      uid,
    );
  };
  const futures = [...byOriginal.values()]
    .filter((override) => override.thisAndFuture)
    .sort((a, b) => a.original - b.original);
  const parts = [
    { from: Number.NEGATIVE_INFINITY, until: futures[0]?.original ?? Number.POSITIVE_INFINITY, by: null },
    ...futures.map((by, index) => ({
      from: by.original,
      until: futures[index + 1]?.original ?? Number.POSITIVE_INFINITY,
      by,
    })),
  ];
  const seen = new Set<number>();
  for (const { from, until, by } of parts) {
    const offset = by ? by.start.start.getTime() - by.original : 0;
    const margin = by ? MOVE_MARGIN_MS : 0;
    const window = {
      from: Math.max(from, context.from - offset - margin),
      to: Math.min(until - 1, context.to - offset + margin),
    };
    if (window.from > window.to) continue;
    for (const instance of by ? series.movableInstances(window) : series.instances(window)) {
      seen.add(instance.at);
      if (seen.size > context.limits.occurrencesPerSeries)
        throw tooManyOccurrences(name, context.limits.occurrencesPerSeries);
      const own = byOriginal.get(instance.at);
      if (own) emit(instance.at, own.component, own.start);
      else if (by) emit(instance.at, by.component, movedStart(by, instance as MovableInstance));
      else emit(instance.at, master, { start: new Date(instance.at), allDay });
    }
  }
  // an instance from outside the range moved into it by its own override
  for (const override of byOriginal.values()) {
    if (seen.has(override.original)) continue;
    const at = override.start.start.getTime();
    if (at < context.from || at > context.to) continue;
    if (series.instances({ from: override.original, to: override.original }).length > 0)
      emit(override.original, override.component, override.start);
  }
}

/** Every component under one UID: the latest master with its overrides, or one-off events. */
export function readEventGroup(context: ReadContext, uid: string, vevents: Component[]): void {
  const masters = vevents.filter((vevent) => !vevent.hasProperty('recurrence-id'));
  const overrides = vevents.filter((vevent) => vevent.hasProperty('recurrence-id'));
  const master = latestVersion(masters);
  if (master && (master.hasProperty('rrule') || master.hasProperty('rdate'))) {
    readSeries(context, master, overrides, uid);
    return;
  }
  if (master) readSingle(context, master, uid);
  // overrides of a series that is not in the file (Google birthdays), each on its own
  for (const override of overrides) {
    try {
      readSingle(context, override, uid);
    } catch (error) {
      context.problems.push(problemOf(uid, override, error));
    }
  }
}
