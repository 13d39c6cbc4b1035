import { DatabaseUnavailableError } from '../databaseUnavailable';
import { backoffDelay, parseRetryAfter, type RetryPolicy } from '../../http/retryPolicy';

/** Errors of a request that never reached the server: safe to send again. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request, retrying a 429 or 5xx answer and a connection that could not be made,
 * within `policy`; then gives up with a DatabaseUnavailableError that says what happened.
 * Any other answer is returned as it is.
 */
export async function fetchWithRetry(
  send: () => Promise<Response>,
  policy: RetryPolicy,
  what: string,
): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    let waitMs: number;
    let problem: string;
    let retryAfterMs: number | undefined;
    try {
      const response = await send();
      if (response.status !== 429 && response.status < 500) return response;
      await response.body?.cancel();
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now()) ?? undefined;
      problem =
        response.status === 429
          ? `${what} is rate limiting this server (HTTP 429)`
          : `${what} answered HTTP ${response.status}`;
      if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) {
        const seconds = Math.ceil(retryAfterMs / 1000);
        throw new DatabaseUnavailableError(`${problem}; try again in ${seconds} s.`, seconds);
      }
      waitMs = retryAfterMs ?? backoffDelay(attempt, policy, Math.random);
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) throw error;
      const code = causeCode(error);
      if (!code || !NOT_SENT.has(code)) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? 'did not answer in time'
            : `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
        throw new DatabaseUnavailableError(`${what} ${reason}.`);
      }
      problem = `${what} could not be reached (${code})`;
      waitMs = backoffDelay(attempt, policy, Math.random);
    }
    if (attempt >= policy.maxAttempts) {
      const seconds = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
      throw new DatabaseUnavailableError(
        `${problem}, ${policy.maxAttempts} times in a row; try again shortly.`,
        seconds,
      );
    }
    await sleep(waitMs);
  }
}
