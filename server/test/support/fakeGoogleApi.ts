import http from 'node:http';
import { freePort } from '../freePort';

type Handler = (request: { method: string; path: string; query: URLSearchParams; body: unknown }) => {
  status?: number;
  body: unknown;
};

/**
 * A local stand-in for Google's API hosts that answers with the documented response
 * shapes (shared/docs/external-apis.md) and records every request it got.
 */
export async function startFakeGoogleApi(handler: Handler) {
  const requests: {
    method: string;
    path: string;
    query: URLSearchParams;
    body: unknown;
    authorization?: string;
  }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push({ ...request, authorization: req.headers.authorization });
      const { status = 200, body } = handler(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    rootUrl: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An OAuth client that already holds an access token, so no token endpoint is called. */
export async function testGoogleAuth() {
  const { auth } = await import('@googleapis/calendar');
  const client = new auth.OAuth2('client', 'secret');
  client.setCredentials({ access_token: 'test-access-token', expiry_date: Date.now() + 3600_000 });
  return client;
}
