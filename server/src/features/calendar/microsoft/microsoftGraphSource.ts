import { errorReason } from '../../../platform/http/errorReason';
import { createRetryingFetch } from '../../../platform/http/retryingFetch';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import { clientCredentialsToken, type ClientCredentials } from './clientCredentialsToken';
import { fromGraphEvent, type GraphEvent } from './graphEvent';
import { rangeBounds, type CalendarEvent, type CalendarSource, type EventProblem } from '../calendarEvent';
import { readEachEvent } from '../readEachEvent';
import { CalendarFileError } from '../ics/readIcsEvents';

const PAGE_SIZE = 500;
export const GRAPH_EVENT_SELECT = [
  'id',
  'iCalUId',
  'subject',
  'body',
  'start',
  'end',
  'location',
  'isAllDay',
  'isCancelled',
  'webLink',
  'type',
  'seriesMasterId',
  'originalStart',
].join(',');
/** Times in UTC, bodies as plain text (Graph turns HTML into text itself). */
export const GRAPH_PREFER = 'outlook.timezone="UTC", outlook.body-content-type="text"';

interface GraphPage {
  value?: GraphEvent[];
  '@odata.nextLink'?: string;
}

async function graphError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  const detail = [body.error?.code, body.error?.message].filter(Boolean).join(': ');
  return `HTTP ${response.status}${detail ? `: ${detail}` : ''}`;
}

/**
 * A Microsoft 365 (Outlook) calendar through Microsoft Graph with an app registration
 * (client credentials): the user's calendarView for the range, page after page to the
 * end. Occurrences of a series are keyed by the series' iCalUId (one lookup per series)
 * and their original start, like an ICS file's RECURRENCE-ID.
 */
export function createMicrosoftGraphSource({
  calendarUser,
  retry,
  ...credentials
}: ClientCredentials & { calendarUser: string; retry?: RetryTuning }): CalendarSource {
  const token = clientCredentialsToken(credentials);
  const userRoot = `${credentials.graphRoot}/users/${encodeURIComponent(calendarUser)}`;
  const fail = (message: string) => {
    throw new CalendarFileError(
      `The Microsoft 365 calendar of ${calendarUser} could not be read: ${message}`,
    );
  };

  return {
    description: 'Microsoft 365 calendar',
    async events(range, onWait) {
      const fetchWithRetry = createRetryingFetch({ service: 'Microsoft Graph', onWait, ...retry });
      const get = async (url: string) => {
        const accessToken = await token(fetchWithRetry).catch((error: unknown) => fail(errorReason(error)));
        return fetchWithRetry(url, {
          headers: { authorization: `Bearer ${accessToken}`, prefer: GRAPH_PREFER },
        }).catch((error: unknown) => fail(errorReason(error)));
      };

      const { from, to } = rangeBounds(range);
      const query = new URLSearchParams({
        startDateTime: new Date(from).toISOString(),
        endDateTime: new Date(to + 1).toISOString(),
        $select: GRAPH_EVENT_SELECT,
        $orderby: 'start/dateTime',
        $top: String(PAGE_SIZE),
      });
      const items: GraphEvent[] = [];
      let next: string | undefined = `${userRoot}/calendarView?${query}`;
      while (next) {
        const response = await get(next);
        if (!response.ok) fail(await graphError(response));
        const page = (await response.json()) as GraphPage;
        items.push(...(page.value ?? []));
        next = page['@odata.nextLink'];
      }

      const seriesUids = new Map<string, string | null>();
      const seriesUid = async (masterId: string): Promise<string | null> => {
        if (!seriesUids.has(masterId)) {
          const response = await get(`${userRoot}/events/${encodeURIComponent(masterId)}?$select=iCalUId`);
          if (response.status === 404) seriesUids.set(masterId, null);
          else if (!response.ok) fail(await graphError(response));
          else seriesUids.set(masterId, ((await response.json()) as GraphEvent).iCalUId ?? null);
        }
        return seriesUids.get(masterId) ?? null;
      };

      const events: CalendarEvent[] = [];
      const problems: EventProblem[] = [];
      for (const item of items) {
        if (item.type === 'seriesMaster') continue;
        const name = { uid: item.iCalUId ?? item.id ?? '', summary: item.subject ?? '' };
        const masterUid = item.seriesMasterId ? await seriesUid(item.seriesMasterId) : undefined;
        if (masterUid === null) {
          problems.push({ ...name, message: 'its recurring series could not be found' });
          continue;
        }
        const event = readEachEvent(
          item,
          name,
          (graphEvent) => fromGraphEvent(graphEvent, masterUid),
          problems,
        );
        if (event && event.start.getTime() >= from && event.start.getTime() <= to) events.push(event);
      }
      return { events, problems };
    },
  };
}
