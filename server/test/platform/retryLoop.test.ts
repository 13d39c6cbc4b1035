import { testClock } from '../../testkit/testClock';
import { retrying, type Attempt, type Refusal } from '../../src/platform/http/retryLoop';

/** Attempts that answer each of `outcomes` in turn: a number is a refusal asking that wait (null: none said). */
function attempts(outcomes: (number | null | 'answer')[]) {
  let calls = 0;
  const attempt = async (): Promise<Attempt<string, Refusal>> => {
    const outcome = outcomes[Math.min(calls, outcomes.length - 1)]!;
    calls += 1;
    return outcome === 'answer' ? { answer: `answer ${calls}` } : { refused: { askedMs: outcome } };
  };
  return { attempt, calls: () => calls };
}

const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retrying', () => {
  it('waits as asked, else backs off, and hands back the answer that came through', async () => {
    const { clock, sleeps } = testClock();
    const { attempt, calls } = attempts([250, null, 'answer']);
    const giveUp = jest.fn(() => new Error('gave up'));
    await expect(retrying(attempt, { policy, clock, giveUp })).resolves.toBe('answer 3');
    expect(calls()).toBe(3);
    expect(sleeps).toEqual([250, 150]); // the second wait: up to 200 ms, half of it fixed, half at random (0.5 here)
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('ends with the caller’s error after the last attempt', async () => {
    const { clock, sleeps } = testClock();
    const { attempt, calls } = attempts([null]);
    const waits: number[] = [];
    await expect(
      retrying(attempt, {
        policy,
        clock,
        onWait: (_refused, wait) => waits.push(wait.attempt),
        giveUp: (_refused, end) => new Error(`gave up after ${end.attempt} of ${end.maxAttempts}`),
      }),
    ).rejects.toThrow('gave up after 3 of 3');
    expect([calls(), sleeps.length, waits]).toEqual([3, 2, [1, 2]]);
  });

  it('does not wait out a wait longer than the policy allows: ends at once', async () => {
    const { clock, sleeps } = testClock();
    const { attempt, calls } = attempts([5000]);
    const giveUp = jest.fn(
      (_refused: Refusal, end: { askedTooLong: boolean }) =>
        new Error(end.askedTooLong ? 'asked too long' : 'ran out'),
    );
    await expect(retrying(attempt, { policy, clock, giveUp })).rejects.toThrow('asked too long');
    expect([calls(), sleeps]).toEqual([1, []]);
    expect(giveUp).toHaveBeenCalledWith(
      { askedMs: 5000 },
      { attempt: 1, maxAttempts: 3, askedTooLong: true },
    );
  });

  it('lets an error the attempt throws end the loop as it is', async () => {
    const { clock } = testClock();
    const failure = new Error('not worth another attempt');
    await expect(
      retrying(() => Promise.reject(failure), { policy, clock, giveUp: () => new Error('never') }),
    ).rejects.toBe(failure);
  });
});
