import http from 'node:http';
import { freePort } from '../freePort';

export interface FakeRequest {
  method: string;
  /** Decoded path, without the query. */
  path: string;
  query: URLSearchParams;
  /** JSON bodies parsed, form bodies as an object, anything else as text. */
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface FakeAnswer {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers a request; a promise keeps it waiting (a slow or frozen exchange) until it settles. */
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

function parseBody(raw: string, contentType = ''): unknown {
  if (!raw) return undefined;
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  if (contentType.includes('json') || /^[[{]/.test(raw)) return JSON.parse(raw);
  return raw;
}

/**
 * A local stand-in for a remote HTTP API (Google, Microsoft) that answers with the
 * documented response shapes and records every request it got.
 */
export async function startFakeHttpApi(handler: FakeHandler) {
  const requests: (FakeRequest & { authorization?: string })[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: parseBody(raw, req.headers['content-type']),
        headers: req.headers,
      };
      requests.push({ ...request, authorization: req.headers.authorization });
      const { status = 200, body, headers = {} } = await handler(request);
      res
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    rootUrl: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeHttpApi = Awaited<ReturnType<typeof startFakeHttpApi>>;

/** A busy answer the way the APIs send them. */
export interface Refusal {
  status: number;
  retryAfter?: string;
  body?: unknown;
  /** A proxy never answers (a calendar that hangs); `status` is then only recorded. */
  hang?: boolean;
}

const refusalAnswer = ({ status, retryAfter, body }: Refusal): FakeAnswer => ({
  status,
  body: body ?? {
    error: { code: status, message: status === 429 ? 'Too Many Requests' : 'Service Unavailable' },
  },
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
});

/** Answers the refusals in turn, one per request, then hands every later request to `next`. */
export function refuseFirst(refusals: Refusal[], next: FakeHandler): FakeHandler {
  const queue = [...refusals];
  return (request) => {
    const refusal = queue.shift();
    return refusal ? refusalAnswer(refusal) : next(request);
  };
}

/** A service that never recovers. */
export const refuseAlways =
  (refusal: Refusal): FakeHandler =>
  () =>
    refusalAnswer(refusal);
