import type { CalendarEvent } from '../../calendar/calendarEvent';
import type { CalendarLimits } from '../../../platform/config/calendarLimits';
import { tooLongText, tooManyEvents } from '../../calendar/ics/rfc5545/limitMessages';

const TEXT_FIELDS = { summary: 'title', description: 'description', url: 'URL' } as const;

/**
 * The limits every source's events obey, whichever calendar they came from (the ICS reader
 * also stops early on its own): a run over one fails before anything is written. `before`:
 * how many events of the run came before these (a read handed on in batches).
 */
export function checkCalendarLimits(
  events: readonly CalendarEvent[],
  limits: CalendarLimits,
  before = 0,
): void {
  if (before + events.length > limits.eventsPerRun) {
    const first = events[Math.max(0, limits.eventsPerRun - before)]!;
    throw tooManyEvents({ uid: first.leadId, summary: first.summary }, limits.eventsPerRun);
  }
  for (const event of events) {
    for (const [field, name] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, string][]) {
      const length = event[field].length;
      if (length > limits.textLength)
        throw tooLongText(
          { uid: event.leadId, summary: event.summary.slice(0, 80) },
          name,
          length,
          limits.textLength,
        );
    }
  }
}
