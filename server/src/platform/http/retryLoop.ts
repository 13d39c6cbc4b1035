import { backoffDelay, DEFAULT_RETRY_POLICY, realClock, type RetryTuning } from './retryPolicy';

/** An attempt the other side refused; the caller adds what its messages need. */
export interface Refusal {
  /** How long the other side asked to wait (Retry-After), in ms; null when it did not say. */
  askedMs: number | null;
}

/** What one attempt came to: the answer to hand back, or a refusal worth another attempt. */
export type Attempt<T, R extends Refusal> = { answer: T } | { refused: R };

export interface RetryLoopOptions<R extends Refusal> extends RetryTuning {
  /** Hears each wait before the next attempt. */
  onWait?: (refused: R, wait: { attempt: number; maxAttempts: number; delayMs: number }) => void;
  /**
   * The error the loop ends with: after the policy's last attempt, or at once when the other
   * side asked for a wait longer than the policy's longest (`askedTooLong`).
   */
  giveUp: (refused: R, end: { attempt: number; maxAttempts: number; askedTooLong: boolean }) => Error;
}

/**
 * The one retry loop: tries `attempt` until it answers, waiting between refusals as the
 * other side asked (Retry-After) or else with the policy's backoff, within the policy's
 * attempts and longest wait. An error `attempt` throws ends the loop as it is.
 */
export async function retrying<T, R extends Refusal>(
  attempt: () => Promise<Attempt<T, R>>,
  options: RetryLoopOptions<R>,
): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const clock = { ...realClock, ...options.clock };
  for (let attempted = 1; ; attempted += 1) {
    const result = await attempt();
    if ('answer' in result) return result.answer;
    const { refused } = result;
    const askedTooLong = refused.askedMs !== null && refused.askedMs > policy.maxDelayMs;
    if (askedTooLong || attempted >= policy.maxAttempts)
      throw options.giveUp(refused, { attempt: attempted, maxAttempts: policy.maxAttempts, askedTooLong });
    const delayMs = refused.askedMs ?? backoffDelay(attempted, policy, clock.random);
    options.onWait?.(refused, { attempt: attempted, maxAttempts: policy.maxAttempts, delayMs });
    await clock.sleep(delayMs);
  }
}
