import type ICAL from 'ical.js';
import { tzidOf, type Component, type Time } from './icalTypes';
import { instantOf } from './instants';

/**
 * How long the event lasts, in ms: DTEND minus DTSTART (DTEND in DTSTART's zone when it names
 * none), or DURATION; null when it has neither (RFC 5545 3.6.1). An instance of a series
 * lasts as long as the component it comes from.
 */
export function durationOf(component: Component, defaultZone: string): number | null {
  const start = component.getFirstPropertyValue('dtstart') as Time | null;
  if (!start) return null;
  const startTzid = tzidOf(component, 'dtstart');
  const end = component.getFirstPropertyValue('dtend') as Time | null;
  if (end) {
    const span =
      instantOf(end, tzidOf(component, 'dtend') ?? startTzid, defaultZone).start.getTime() -
      instantOf(start, startTzid, defaultZone).start.getTime();
    return span >= 0 ? span : null;
  }
  const duration = component.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
  if (!duration || duration.isNegative) return null;
  return duration.toSeconds() * 1000;
}
