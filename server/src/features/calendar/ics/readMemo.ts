import type { CalendarEvent, EventProblem } from '../calendarEvent';
import { detached } from './rfc5545/detached';

/** Events read alone a thread keeps for the next read: about a usual run's (RUN_LEADS_IN_MEMORY). */
const MAX_REMEMBERED = 20_000;

interface Remembered {
  events: readonly CalendarEvent[];
  problems: readonly EventProblem[];
}

/** One read's use of the memo: it looks up the last read's events and records its own. */
export interface ReadOfMemo {
  /** What the last read made of this VEVENT's text in this calendar, if it read it alike. */
  known(calendar: number, text: string): Remembered | undefined;
  remember(calendar: number, text: string, events: CalendarEvent[], problems: EventProblem[]): void;
  /** The read went through: the next read looks up what this one recorded. */
  end(): void;
}

export interface ReadMemo {
  /** A read of a calendar whose context (`signature`: skeleton, zones, range, limits) decides what its events read as. */
  begin(signature: string): ReadOfMemo;
}

/**
 * What the last read made of each event that stood alone under its UID (no series, no
 * overrides), by the event's text: a re-run of a calendar in which a few events changed
 * reads the others without parsing them again (ical.js was most of a re-read). It is used
 * only by a read of the same context (the calendar's skeleton — its VTIMEZONEs and
 * properties —, the default zone, the range, the limits), so an event's text decides what it
 * reads as; a read that fails keeps the last memo as it was. A calendar of more events than a
 * usual run's is read in full each time, never held.
 */
export function createReadMemo(maxRemembered = MAX_REMEMBERED): ReadMemo {
  let last: { signature: string; byText: Map<string, Remembered>[] } | null = null;
  return {
    begin(signature) {
      const previous = last?.signature === signature ? last.byText : [];
      let byText: Map<string, Remembered>[] | null = [];
      let count = 0;
      return {
        known: (calendar, text) => previous[calendar]?.get(text),
        remember(calendar, text, events, problems) {
          if (!byText) return;
          if ((count += 1) > maxRemembered) {
            byText = null;
            return;
          }
          // the text is cut from a chunk of the file: kept as a copy of its own
          (byText[calendar] ??= new Map()).set(detached(text), {
            // copies: the events read are handed on, and whoever takes them may change them
            events: events.map((event) => ({ ...event })),
            problems,
          });
        },
        end() {
          last = byText && { signature, byText };
        },
      };
    },
  };
}
