import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseUnavailableError } from '../../src/platform/db/databaseUnavailable';
import { fetchWithRetry } from '../../src/platform/db/d1/fetchWithRetry';
import type { RetryPolicy } from '../../src/platform/http/retryPolicy';

const QUICK: RetryPolicy = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 2000 };

/** A local server that answers each request with the next of `answers` (the last one repeats). */
async function answering(answers: { status: number; headers?: Record<string, string> }[]) {
  let calls = 0;
  const server = http.createServer((_request, response) => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end('{"success":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    send: () => fetch(url),
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('fetchWithRetry', () => {
  it('retries a 429 and a 5xx and returns the answer that came through', async () => {
    const server = await answering([
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 502 },
      { status: 200 },
    ]);
    const response = await fetchWithRetry(server.send, QUICK, 'Cloudflare D1');
    expect(response.status).toBe(200);
    expect(server.calls()).toBe(3);
    await server.close();
  });

  it('gives up after the last attempt with an error that says what happened', async () => {
    const server = await answering([{ status: 503 }]);
    await expect(fetchWithRetry(server.send, QUICK, 'Cloudflare D1')).rejects.toThrow(
      new DatabaseUnavailableError('Cloudflare D1 answered HTTP 503, 3 times in a row; try again shortly.'),
    );
    expect(server.calls()).toBe(3);
    await server.close();
  });

  it('does not wait out a Retry-After longer than the policy allows: fails at once and passes it on', async () => {
    const server = await answering([{ status: 429, headers: { 'retry-after': '120' } }]);
    const failure = await fetchWithRetry(server.send, QUICK, 'Cloudflare D1').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure).toMatchObject({
      message: 'Cloudflare D1 is rate limiting this server (HTTP 429); try again in 120 s.',
      retryAfterSeconds: 120,
    });
    expect(server.calls()).toBe(1);
    await server.close();
  });

  it('returns any other answer as it is, without retrying', async () => {
    const server = await answering([{ status: 400 }]);
    expect((await fetchWithRetry(server.send, QUICK, 'Cloudflare D1')).status).toBe(400);
    expect(server.calls()).toBe(1);
    await server.close();
  });

  it('retries a connection that could not be made, then names the reason', async () => {
    const server = await answering([{ status: 200 }]);
    await server.close(); // nothing listens there any more
    await expect(fetchWithRetry(server.send, QUICK, 'Cloudflare D1')).rejects.toThrow(
      'Cloudflare D1 could not be reached (ECONNREFUSED), 3 times in a row; try again shortly.',
    );
  });
});
