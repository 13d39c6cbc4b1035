import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../src/platform/http/retryPolicy';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-04T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the time left until then, never negative', () => {
    expect(parseRetryAfter('Tue, 04 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 04 Mar 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('answers null when there is nothing to read', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

describe('backoffDelay', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1000, maxDelayMs: 6000 };

  it('doubles with each retry, half of it jitter', () => {
    expect([1, 2, 3].map((retry) => backoffDelay(retry, policy, () => 0))).toEqual([500, 1000, 2000]);
    expect([1, 2, 3].map((retry) => backoffDelay(retry, policy, () => 0.999999))).toEqual([1000, 2000, 4000]);
  });

  it('never goes past the longest wait', () => {
    expect(backoffDelay(10, policy, () => 0.999999)).toBe(6000);
  });
});
