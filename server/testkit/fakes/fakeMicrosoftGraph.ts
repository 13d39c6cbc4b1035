import type { GraphEvent } from '../../src/features/calendar/microsoft/graphEvent';
import type { FakeAnswer, FakeHandler, FakeRequest } from './fakeHttpApi';

export const MS_APP = {
  tenantId: 'contoso.onmicrosoft.com',
  clientId: '11111111-2222-3333-4444-555555555555',
  clientSecret: 'client-secret-value',
  calendarUser: 'office@contoso.com',
};

/** A calendarView item as Graph sends it with `Prefer: outlook.timezone="UTC"` and text bodies. */
export function graphEvent(overrides: GraphEvent & { id: string }): GraphEvent {
  return {
    iCalUId: `040000008200E00074C5B7101A82E008000000${overrides.id}`,
    subject: 'Jane Doe',
    body: {
      contentType: 'text',
      content: 'Auditor: Sam Rivera\r\nHouse Type: 2 Family\r\nPhone: (617) 555-0142',
    },
    start: { dateTime: '2025-03-04T14:00:00.0000000', timeZone: 'UTC' },
    isAllDay: false,
    isCancelled: false,
    webLink: `https://outlook.office365.com/owa/?itemid=${overrides.id}&exvsurl=1&path=/calendar/item`,
    type: 'singleInstance',
    seriesMasterId: null,
    originalStart: null,
    ...overrides,
  };
}

const graphFailure = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { error: { code, message, innerError: { date: '2025-03-04T12:00:00', 'request-id': 'r-1' } } },
});

/**
 * The Microsoft identity platform's token endpoint and the part of Graph v1.0 the source
 * uses, answering with the documented shapes: client-credentials tokens, calendarView
 * pages of `pageSize` with an absolute @odata.nextLink, and events by id.
 */
export function microsoftGraphHandler({
  calendarView,
  masters = {},
  pageSize = 2,
}: {
  calendarView: GraphEvent[];
  /** series master id → its iCalUId */
  masters?: Record<string, string>;
  pageSize?: number;
}): FakeHandler & { tokensIssued: () => number } {
  let tokens = 0;
  const handler = (request: FakeRequest): FakeAnswer => {
    const origin = `http://${request.headers.host}`;
    if (request.method === 'POST' && request.path === `/${MS_APP.tenantId}/oauth2/v2.0/token`) {
      const form = request.body as Record<string, string>;
      if (form.client_id !== MS_APP.clientId || form.client_secret !== MS_APP.clientSecret)
        return {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.\r\nTrace ID: 0000\r\nCorrelation ID: 0000\r\nTimestamp: 2025-03-04 12:00:00Z`,
            error_codes: [7000215],
          },
        };
      if (form.grant_type !== 'client_credentials' || form.scope !== `${origin}/.default`)
        return {
          status: 400,
          body: { error: 'invalid_request', error_description: 'AADSTS900144: bad grant' },
        };
      tokens += 1;
      return {
        body: {
          token_type: 'Bearer',
          expires_in: 3599,
          ext_expires_in: 3599,
          access_token: `graph-token-${tokens}`,
        },
      };
    }
    if (!request.headers.authorization?.startsWith('Bearer graph-token-'))
      return graphFailure(401, 'InvalidAuthenticationToken', 'Access token is empty.');
    const userRoot = `/v1.0/users/${MS_APP.calendarUser}`;
    if (!request.path.startsWith(`${userRoot}/`))
      return graphFailure(
        404,
        'ErrorInvalidUser',
        `The requested user '${request.path.split('/')[3]}' is invalid.`,
      );
    if (request.path === `${userRoot}/calendarView`) {
      const skip = Number(request.query.get('$skip') ?? 0);
      const next = new URLSearchParams(request.query);
      next.set('$skip', String(skip + pageSize));
      return {
        body: {
          '@odata.context': `${origin}/v1.0/$metadata#users('${MS_APP.calendarUser}')/calendarView`,
          value: calendarView.slice(skip, skip + pageSize),
          ...(skip + pageSize < calendarView.length
            ? { '@odata.nextLink': `${origin}${userRoot}/calendarView?${next}` }
            : {}),
        },
      };
    }
    const masterId = /^\/v1\.0\/users\/[^/]+\/events\/([^/]+)$/.exec(request.path)?.[1];
    if (masterId && masters[masterId]) return { body: { id: masterId, iCalUId: masters[masterId] } };
    return graphFailure(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  };
  return Object.assign(handler, { tokensIssued: () => tokens });
}

/** The source's settings for a fake server at `rootUrl`. */
export const graphSettings = (rootUrl: string) => ({
  ...MS_APP,
  loginRoot: rootUrl.replace(/\/$/, ''),
  graphRoot: `${rootUrl}v1.0`,
});
