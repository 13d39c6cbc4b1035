import http from 'node:http';
import zlib from 'node:zlib';
import { freePort } from '../freePort';
import type { Refusal } from '../fakes/fakeHttpApi';

export interface ProxiedExchange {
  method: string;
  /** Path and query. */
  url: string;
  requestBody: string;
  status: number;
  responseBody: string;
}

const decoded = (bytes: Buffer, encoding: string | undefined) =>
  encoding === 'gzip'
    ? zlib.gunzipSync(bytes)
    : encoding === 'deflate'
      ? zlib.inflateSync(bytes)
      : encoding === 'br'
        ? zlib.brotliDecompressSync(bytes)
        : bytes;

/**
 * A reverse proxy in front of a real server (Radicale) that can answer busy instead of
 * forwarding: `refuse` is asked for each request (its index, method and URL) and answers
 * a Refusal or null (forward). Every exchange is recorded.
 */
export async function startBusyProxy(
  target: string,
  refuse: (index: number, request: { method: string; url: string }) => Refusal | null = () => null,
) {
  const exchanges: ProxiedExchange[] = [];
  const targetUrl = new URL(target);
  const server = http.createServer((req, res) => {
    // (a hung request stays open until the proxy closes)
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const record = (status: number, responseBody: string) =>
        exchanges.push({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          requestBody: requestBody.toString(),
          status,
          responseBody,
        });
      const refusal = refuse(exchanges.length, { method: req.method ?? 'GET', url: req.url ?? '/' });
      if (refusal?.hang) {
        record(refusal.status, '');
        return;
      }
      if (refusal) {
        record(refusal.status, '');
        res
          .writeHead(refusal.status, {
            'content-type': 'text/plain',
            ...(refusal.retryAfter === undefined ? {} : { 'retry-after': refusal.retryAfter }),
          })
          .end('busy');
        return;
      }
      const forward = http.request(
        {
          host: targetUrl.hostname,
          port: targetUrl.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: targetUrl.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            const bytes = Buffer.concat(body);
            record(answer.statusCode ?? 502, decoded(bytes, answer.headers['content-encoding']).toString());
            // a redirect to the target's address would lead the client past the proxy
            const location = answer.headers.location?.replace(targetUrl.origin, `http://127.0.0.1:${port}`);
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...(location ? { location } : {}) });
            res.end(bytes);
          });
        },
      );
      forward.on('error', (error) => res.writeHead(502).end(String(error)));
      forward.end(requestBody);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
