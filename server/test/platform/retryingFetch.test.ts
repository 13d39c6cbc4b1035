import {
  refuseAlways,
  refuseFirst,
  startFakeHttpApi,
  type FakeHttpApi,
} from '../../testkit/fakes/fakeHttpApi';
import { testClock } from '../../testkit/testClock';
import {
  createRetryingFetch,
  describeWait,
  RemoteBusyError,
  type RetryWait,
} from '../../src/platform/http/retryingFetch';

const ok = () => ({ body: { value: 'done' } });

describe('createRetryingFetch', () => {
  let api: FakeHttpApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('waits as Retry-After says, backs off without it, then answers the success', async () => {
    api = await startFakeHttpApi(
      refuseFirst(
        [
          { status: 429, retryAfter: '3' },
          { status: 503 },
          { status: 503, retryAfter: 'Tue, 04 Mar 2025 12:00:10 GMT' },
          { status: 502 },
        ],
        ok,
      ),
    );
    const { clock, sleeps } = testClock(Date.parse('2025-03-04T12:00:00Z'));
    const waits: RetryWait[] = [];
    const retrying = createRetryingFetch({
      service: 'Test API',
      clock,
      policy: { maxAttempts: 5, baseDelayMs: 1000 },
      onWait: (wait) => waits.push(wait),
    });

    const response = await retrying(`${api.rootUrl}things`, { method: 'POST', body: '{"a":1}' });

    expect(await response.json()).toEqual({ value: 'done' });
    expect(api.requests).toHaveLength(5);
    expect(api.requests.every((request) => JSON.stringify(request.body) === '{"a":1}')).toBe(true);
    // Retry-After in seconds, backoff (retry 2: 2 s with half jitter), an HTTP-date, backoff (retry 4)
    expect(sleeps).toEqual([3000, 1500, 10_000, 6000]);
    expect(waits.map((wait) => [wait.status, wait.attempt, wait.serverAsked])).toEqual([
      [429, 1, true],
      [503, 2, false],
      [503, 3, true],
      [502, 4, false],
    ]);
    expect(describeWait(waits[0]!)).toBe(
      'Test API answered HTTP 429 Too Many Requests; waiting 3\u00a0s before attempt 2 of 5',
    );
  });

  it('passes other answers through untouched, errors included', async () => {
    api = await startFakeHttpApi(() => ({ status: 404, body: { error: 'no such thing' } }));
    const { clock, sleeps } = testClock();
    const response = await createRetryingFetch({ service: 'Test API', clock })(`${api.rootUrl}x`);
    expect(response.status).toBe(404);
    expect(sleeps).toEqual([]);
    expect(api.requests).toHaveLength(1);
  });

  it('gives up after the last attempt with a message naming the service, and stays given up', async () => {
    api = await startFakeHttpApi(refuseAlways({ status: 503, retryAfter: '1' }));
    const { clock, sleeps } = testClock();
    const retrying = createRetryingFetch({ service: 'Test API', clock, policy: { maxAttempts: 3 } });

    const failure = retrying(`${api.rootUrl}x`);
    await expect(failure).rejects.toBeInstanceOf(RemoteBusyError);
    await expect(failure).rejects.toThrow(
      'Test API answered HTTP 503 Service Unavailable 3 times in a row; gave up, try again later',
    );
    expect(api.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);

    await expect(retrying(`${api.rootUrl}y`)).rejects.toThrow('3 times in a row');
    expect(api.requests).toHaveLength(3); // the same run does not wait out the outage again
  });

  it('gives up at once when the server asks for a longer wait than the policy allows', async () => {
    api = await startFakeHttpApi(refuseAlways({ status: 429, retryAfter: '3600' }));
    const { clock, sleeps } = testClock();
    const retrying = createRetryingFetch({ service: 'Test API', clock, policy: { maxDelayMs: 60_000 } });
    await expect(retrying(`${api.rootUrl}x`)).rejects.toThrow(
      'Test API answered HTTP 429 Too Many Requests and asked to wait 3600\u00a0s, longer than 60\u00a0s; gave up, try again later',
    );
    expect(sleeps).toEqual([]);
  });

  it('asks the caller which other answers mean busy', async () => {
    api = await startFakeHttpApi(
      refuseFirst([{ status: 403, body: { error: { errors: [{ reason: 'rateLimitExceeded' }] } } }], ok),
    );
    const { clock } = testClock();
    const retrying = createRetryingFetch({
      service: 'Test API',
      clock,
      isBusy: async (response) =>
        response.status === 403 && JSON.stringify(await response.clone().json()).includes('rateLimit'),
    });
    expect((await retrying(`${api.rootUrl}x`)).status).toBe(200);
    expect(api.requests).toHaveLength(2);
  });
});
