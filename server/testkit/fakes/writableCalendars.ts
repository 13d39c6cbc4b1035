import type { calendar_v3 } from '@googleapis/calendar';
import type { GraphEvent } from '../../src/features/calendar/microsoft/graphEvent';
import type { FakeAnswer, FakeHandler, FakeRequest } from './fakeHttpApi';
import { microsoftGraphHandler, MS_APP } from './fakeMicrosoftGraph';

/**
 * Events that can be read and patched, by the documented contracts: each has an ETag that
 * changes with every write; a PATCH whose If-Match names another one is refused with 412
 * (nothing written); a PATCH merges the fields it sends. `change` is another client's write.
 */
function eventStore<T extends object>(
  events: T[],
  idOf: (event: T) => string,
  tagKey: keyof T,
  tagOf: (version: number) => string,
) {
  let version = 100;
  const store = new Map<string, T>();
  const tagged = (event: T) => ({ ...event, [tagKey]: tagOf((version += 1)) }) as T;
  for (const event of events) store.set(idOf(event), tagged(event));
  return {
    store,
    get: (id: string) => store.get(id),
    patch(id: string, ifMatch: string | undefined, fields: Partial<T>): { status: number; event?: T } {
      const current = store.get(id);
      if (!current) return { status: 404 };
      if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== current[tagKey]) return { status: 412 };
      const next = tagged({ ...current, ...fields });
      store.set(id, next);
      return { status: 200, event: next };
    },
    /** Another client's change (no precondition). */
    change(id: string, fields: Partial<T>) {
      store.set(id, tagged({ ...store.get(id)!, ...fields }));
    },
  };
}

const googleError = (status: number, reason: string, message: string): FakeAnswer => ({
  status,
  body: { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } },
});

/**
 * Google Calendar v3 events.get and events.patch of one calendar (`calendarId`), with etags
 * and If-Match; `refuse` answers instead for the requests it picks (a 403, a 429…).
 */
export function writableGoogleCalendar(
  calendarId: string,
  events: (calendar_v3.Schema$Event & { id: string })[],
  refuse: (request: FakeRequest) => FakeAnswer | null = () => null,
) {
  const calendar = eventStore(
    events,
    (event) => event.id,
    'etag',
    (version) => `"${version}000"`,
  );
  const handler: FakeHandler = (request) => {
    const refused = refuse(request);
    if (refused) return refused;
    const id = new RegExp(`^/calendar/v3/calendars/${calendarId}/events/([^/]+)$`).exec(request.path)?.[1];
    if (!id) return googleError(404, 'notFound', 'Not Found');
    if (request.method === 'GET') {
      const event = calendar.get(id);
      return event ? { body: event } : googleError(404, 'notFound', 'Not Found');
    }
    if (request.method === 'PATCH') {
      const ifMatch = request.headers['if-match'] as string | undefined;
      const { status, event } = calendar.patch(
        id,
        ifMatch,
        request.body as Partial<calendar_v3.Schema$Event & { id: string }>,
      );
      if (status === 412) return googleError(412, 'conditionNotMet', 'Precondition Failed');
      return event ? { body: event } : googleError(404, 'notFound', 'Not Found');
    }
    return googleError(405, 'methodNotAllowed', 'Method Not Allowed');
  };
  return { handler, ...calendar };
}

/**
 * Microsoft Graph v1.0 events of the test user (token endpoint as microsoftGraphHandler),
 * read and patched with @odata.etag and If-Match; `refuse` answers instead where it picks.
 */
export function writableGraphCalendar(
  events: GraphEvent[],
  refuse: (request: FakeRequest) => FakeAnswer | null = () => null,
) {
  const calendar = eventStore(
    events,
    (event) => event.id ?? '',
    '@odata.etag',
    (version) => `W/"DwAAABYAAA${version}"`,
  );
  const tokens = microsoftGraphHandler({ calendarView: [] });
  const handler: FakeHandler = (request) => {
    const refused = refuse(request);
    if (refused) return refused;
    const id = new RegExp(`^/v1\\.0/users/${MS_APP.calendarUser}/events/([^/]+)$`).exec(request.path)?.[1];
    if (!id || request.method === 'POST') return tokens(request);
    if (!request.headers.authorization?.startsWith('Bearer graph-token-'))
      return {
        status: 401,
        body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } },
      };
    const notFound = {
      status: 404,
      body: {
        error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
      },
    };
    if (request.method === 'GET') {
      const event = calendar.get(id);
      return event ? { body: event } : notFound;
    }
    if (request.method === 'PATCH') {
      const ifMatch = request.headers['if-match'] as string | undefined;
      const { status, event } = calendar.patch(id, ifMatch, request.body as GraphEvent);
      if (status === 412)
        return {
          status: 412,
          body: {
            error: {
              code: 'ErrorIrresolvableConflict',
              message:
                'The send or update operation could not be performed because the change key passed in the request does not match the current change key for the item.',
            },
          },
        };
      return event ? { body: event } : notFound;
    }
    return notFound;
  };
  return { handler, ...calendar };
}
