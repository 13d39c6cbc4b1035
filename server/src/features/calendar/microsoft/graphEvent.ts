import { basicUtc, type CalendarEvent } from '../calendarEvent';
import { resolveZoneName, wallClockToUtc } from '../../../platform/time/timezones';
import { htmlToText } from '../eventFormat/htmlToText';

/** The fields of a Graph event (v1.0 `event` resource) the sync reads. */
export interface GraphEvent {
  id?: string;
  iCalUId?: string;
  subject?: string;
  body?: { contentType?: 'text' | 'html'; content?: string };
  start?: { dateTime?: string; timeZone?: string };
  end?: { dateTime?: string; timeZone?: string };
  location?: { displayName?: string };
  isAllDay?: boolean;
  isCancelled?: boolean;
  webLink?: string;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  seriesMasterId?: string | null;
  /** An occurrence's start before any move, always UTC (DateTimeOffset). */
  originalStart?: string | null;
  /** The event's version, sent back in If-Match when it is written (writeBack/). */
  '@odata.etag'?: string;
}

/** Graph's dateTimeTimeZone (`2025-03-04T14:00:00.0000000` + zone name) as an instant. */
function instantOf(dateTime: string, timeZone: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(dateTime);
  const zone = !timeZone || /^(UTC|GMT|Etc\/UTC)$/i.test(timeZone) ? 'UTC' : resolveZoneName(timeZone);
  if (!match || !zone) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  return new Date(
    wallClockToUtc(
      { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
      zone,
    ),
  );
}

function endOf(event: GraphEvent, allDay: boolean): Date | null {
  const dateTime = event.end?.dateTime;
  if (!dateTime) return null;
  const end = allDay
    ? new Date(`${dateTime.slice(0, 10)}T00:00:00.000Z`)
    : instantOf(dateTime, event.end?.timeZone);
  return end && !Number.isNaN(end.getTime()) ? end : null;
}

/**
 * Graph's event → the parser's event. `seriesUid` is the iCalUId of the event's series
 * master when it belongs to one: the instance is then keyed like an ICS instance, series
 * UID + original start in UTC. All-day events start at 00:00 UTC of their date.
 */
export function fromGraphEvent(event: GraphEvent, seriesUid?: string): CalendarEvent | null {
  const dateTime = event.start?.dateTime;
  if (!dateTime) return null;
  const allDay = event.isAllDay === true;
  const start = allDay
    ? new Date(`${dateTime.slice(0, 10)}T00:00:00.000Z`)
    : instantOf(dateTime, event.start?.timeZone);
  if (!start || Number.isNaN(start.getTime())) return null;
  const original = event.originalStart ? new Date(event.originalStart) : start;
  const uid = event.iCalUId ?? event.id ?? '';
  const body = event.body?.content ?? '';
  return {
    leadId: seriesUid ? `${seriesUid}_${basicUtc(original)}` : uid,
    summary: (event.subject ?? '').trim(),
    description: event.body?.contentType === 'html' ? htmlToText(body) : body.replace(/\r\n?/g, '\n'),
    url: event.webLink ?? '',
    location: (event.location?.displayName ?? '').trim(),
    start,
    end: endOf(event, allDay),
    allDay,
    cancelled: event.isCancelled === true,
    ...(event.id ? { ref: { id: event.id, etag: event['@odata.etag'] ?? null, instance: null } } : {}),
  };
}
