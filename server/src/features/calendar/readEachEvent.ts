import type { CalendarEvent, EventProblem } from './calendarEvent';

/**
 * One item of a source's answer as an event. An item that cannot be read — it throws, or it
 * has no start — is reported and skipped: one invitation never fails the whole read, on any
 * source, as it never does for ICS.
 */
export function readEachEvent<T>(
  item: T,
  name: { uid: string; summary: string },
  read: (item: T) => CalendarEvent | null,
  problems: EventProblem[],
): CalendarEvent | null {
  try {
    const event = read(item);
    if (!event) problems.push({ ...name, message: 'it has no start' });
    return event;
  } catch (error) {
    problems.push({ ...name, message: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
