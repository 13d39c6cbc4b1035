import { errorReason } from '../../../platform/http/errorReason';
import { createRetryingFetch } from '../../../platform/http/retryingFetch';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import { GRAPH_EVENT_SELECT, GRAPH_PREFER } from './microsoftGraphSource';
import { clientCredentialsToken, type ClientCredentials } from './clientCredentialsToken';
import { fromGraphEvent, type GraphEvent } from './graphEvent';
import { parseEvent } from '../eventFormat/parseEvent';
import { daysBetweenDates, descriptionAfter, eventEditOf, summaryAfter, timesOf } from '../eventFormat/eventEdit';
import { WriteRefused, type EventWriter, type WriteTarget } from '../eventWriter';
import { refusal } from '../refusal';

/** Graph's dateTimeTimeZone of an instant in UTC (an all-day event: its date at midnight). */
const graphTime = (instant: Date, allDay: boolean) => ({
  dateTime: allDay
    ? `${instant.toISOString().slice(0, 10)}T00:00:00.0000000`
    : instant.toISOString().replace('Z', ''),
  timeZone: 'UTC',
});

/**
 * Writes to a Microsoft 365 calendar through Graph: GET of the event (an occurrence of a
 * series has its own id: a PATCH of it is that occurrence's exception), then `PATCH
 * /users/{id}/events/{id}` of what changed with `If-Match: <@odata.etag as last synced>`.
 * Graph cannot set isCancelled, so a cancellation is the `Cancelled: ` marker in the subject.
 */
export function createGraphEventWriter({
  calendarUser,
  auditors,
  retry,
  ...credentials
}: ClientCredentials & {
  calendarUser: string;
  auditors: readonly string[];
  retry?: RetryTuning;
}): EventWriter {
  const token = clientCredentialsToken(credentials);
  const service = 'Microsoft Graph';
  const eventsRoot = `${credentials.graphRoot}/users/${encodeURIComponent(calendarUser)}/events`;

  /** The event as the sync reads it; an occurrence keyed by its series' UID, as the lead is. */
  const recordOf = (event: GraphEvent, target: WriteTarget) => {
    const seriesUid = event.seriesMasterId ? target.leadId.replace(/_\d{8}T\d{6}Z$/, '') : undefined;
    const read = fromGraphEvent(event, seriesUid);
    return read ? parseEvent(read, auditors) : null;
  };

  return {
    description: service,
    async write(target, changes) {
      const fetch = createRetryingFetch({ service, ...retry });
      const accessToken = await token(fetch).catch((error: unknown) => {
        throw new WriteRefused(errorReason(error));
      });
      const url = `${eventsRoot}/${encodeURIComponent(target.ref.id)}`;
      const headers = { authorization: `Bearer ${accessToken}`, prefer: GRAPH_PREFER };
      const read = async (): Promise<GraphEvent | null> => {
        const response = await fetch(`${url}?$select=${GRAPH_EVENT_SELECT}`, { headers });
        if (response.status === 404) return null;
        if (!response.ok) throw await refusal(service, response);
        return (await response.json()) as GraphEvent;
      };
      const current = await read();
      if (!current) throw new WriteRefused('the event is no longer in the calendar (HTTP 404)');

      const edit = eventEditOf(changes);
      const patch: Record<string, unknown> = {};
      const summary = summaryAfter(current.subject ?? '', edit, true);
      if (summary !== (current.subject ?? '')) patch.subject = summary;
      // its own line endings (Graph's are CRLF) stay as they are
      const text = current.body?.content ?? '';
      const description = descriptionAfter(text, edit);
      if (description !== text) patch.body = { contentType: 'text', content: description };
      if (edit.address !== undefined && edit.address !== (current.location?.displayName ?? '').trim())
        patch.location = { displayName: edit.address };
      const isAllDay = current.isAllDay === true;
      const { allDay, end } = timesOf(edit, {
        allDay: isAllDay,
        days: daysBetweenDates(current.start?.dateTime, current.end?.dateTime),
      });
      if (allDay !== isAllDay) patch.isAllDay = allDay;
      if (edit.start) patch.start = graphTime(edit.start, allDay);
      if (end) patch.end = graphTime(end, allDay);

      const response = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'if-match': target.ref.etag ?? current['@odata.etag'] ?? '*',
        },
        body: JSON.stringify(patch),
      });
      if (response.status === 412) {
        await response.body?.cancel();
        const now = await read();
        return {
          kind: 'changed',
          etag: now?.['@odata.etag'] ?? null,
          record: now ? recordOf(now, target) : null,
        };
      }
      if (!response.ok) throw await refusal(service, response);
      const written = (await response.json()) as GraphEvent;
      const record = recordOf(written, target);
      if (!record) throw new WriteRefused('the event could not be read back after the write');
      return { kind: 'written', etag: written['@odata.etag'] ?? null, record };
    },
  };
}
