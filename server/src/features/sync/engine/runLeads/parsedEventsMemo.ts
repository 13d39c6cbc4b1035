import { isDeepStrictEqual } from 'node:util';
import { RUN_LEADS_IN_MEMORY } from '../../../../platform/config/runLeadsInMemory';
import type { CalendarEvent } from '../../../calendar/calendarEvent';
import { parseEvent } from '../../../calendar/eventFormat/parseEvent';
import { leadContentHash, type HashedLead } from '../../../leads/record/leadContentHash';

/** An event's lead and its fingerprint, as every run makes them. */
export function parseAndHash(event: CalendarEvent, auditors: readonly string[]): HashedLead {
  const lead = parseEvent(event, auditors) as HashedLead;
  lead.contentHash = leadContentHash(lead);
  return lead;
}

/** A run's parser: the lead of each event it is handed. */
export type EventParser = (event: CalendarEvent) => HashedLead;

export interface ParsedEventsMemo {
  /** The parser of a run that starts now; what it parses is what the next run finds. */
  begin(auditors: readonly string[]): EventParser;
}

/**
 * The leads the last run made of its events, by leadId. A re-run finds nearly every event as
 * it was, and parsing and hashing them again was a tenth of its time on the main thread: an
 * event equal to the last run's under its leadId (every field, its dates by their instant)
 * gives the same lead, since parsing depends on nothing but the event and the auditors. Kept
 * up to a usual run's size (`limit` events); a larger run keeps nothing, so memory stays flat.
 */
export function createParsedEventsMemo(limit = RUN_LEADS_IN_MEMORY): ParsedEventsMemo {
  let last = new Map<string, { event: CalendarEvent; lead: HashedLead }>();
  let lastAuditors = '';
  return {
    begin(auditors) {
      const key = JSON.stringify(auditors);
      const previous = key === lastAuditors ? last : new Map<string, never>();
      let next: typeof last | null = new Map();
      last = next;
      lastAuditors = key;
      return (event) => {
        const known = previous.get(event.leadId);
        // frozen: the next run hands the same lead on, so no step may change it
        const lead =
          known && isDeepStrictEqual(known.event, event)
            ? known.lead
            : Object.freeze(parseAndHash(event, auditors));
        if (next && next.size >= limit) {
          if (last === next) last = new Map();
          next = null;
        }
        next?.set(event.leadId, { event, lead });
        return lead;
      };
    },
  };
}
