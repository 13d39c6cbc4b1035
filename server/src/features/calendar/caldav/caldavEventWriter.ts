import { getBasicAuthHeaders } from 'tsdav';
import { createRetryingFetch } from '../../../platform/http/retryingFetch';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import { fetchWithinOrigins } from './caldavOrigins';
import { DEFAULT_CALENDAR_LIMITS, type CalendarLimits } from '../../../platform/config/calendarLimits';
import { readIcsEvents } from '../ics/readIcsEvents';
import { parseEvent } from '../eventFormat/parseEvent';
import type { LeadRecord } from '../../leads/record/leadRecord';
import { editIcsEvent } from '../ics/editIcsEvent';
import { eventEditOf } from '../eventFormat/eventEdit';
import { rangeAround, WriteRefused, type EventWriter, type WriteTarget } from '../eventWriter';
import { refusal } from '../refusal';

/**
 * Writes to a CalDAV calendar (RFC 4791): GET of the event's object, the edit made in its ICS
 * (editIcsEvent), PUT of the object with `If-Match: <ETag as last synced>`; the object is read
 * back afterwards, as the server stored it.
 */
export function createCaldavEventWriter({
  url,
  username,
  password,
  allowedOrigins = [],
  defaultZone,
  auditors,
  limits = DEFAULT_CALENDAR_LIMITS,
  retry,
}: {
  url: string;
  username: string;
  password: string;
  allowedOrigins?: readonly string[];
  defaultZone: string;
  auditors: readonly string[];
  limits?: CalendarLimits;
  retry?: RetryTuning;
}): EventWriter {
  const host = new URL(url).host;
  const headers = getBasicAuthHeaders({ username, password });
  const service = `The CalDAV server ${host}`;

  function recordOf(ics: string, target: WriteTarget): LeadRecord | null {
    const { events } = readIcsEvents(ics, rangeAround(target.around), defaultZone, limits);
    const event = events.find((candidate) => candidate.leadId === target.leadId);
    return event ? parseEvent(event, auditors) : null;
  }

  return {
    description: service,
    async write(target, changes) {
      const fetch = fetchWithinOrigins(createRetryingFetch({ service, ...retry }), url, allowedOrigins);
      const read = async () => {
        const response = await fetch(target.ref.id, { headers });
        if (response.status === 404) return null;
        if (!response.ok) throw await refusal(service, response);
        return { text: await response.text(), etag: response.headers.get('etag') };
      };
      const current = await read();
      if (!current) throw new WriteRefused('the event is no longer in the calendar (HTTP 404)');
      const edited = editIcsEvent(current.text, target.ref.instance, eventEditOf(changes), defaultZone);
      const put = await fetch(target.ref.id, {
        method: 'PUT',
        headers: {
          ...headers,
          'content-type': 'text/calendar; charset=utf-8',
          'if-match': target.ref.etag ?? current.etag ?? '*',
        },
        body: edited,
      });
      if (put.status === 412) {
        await put.body?.cancel();
        const now = await read();
        return { kind: 'changed', etag: now?.etag ?? null, record: now ? recordOf(now.text, target) : null };
      }
      if (!put.ok) throw await refusal(service, put);
      await put.body?.cancel();
      const stored = await read();
      const record = stored && recordOf(stored.text, target);
      if (!record) throw new WriteRefused('the event could not be read back after the write');
      return { kind: 'written', etag: stored.etag ?? put.headers.get('etag'), record };
    },
  };
}
