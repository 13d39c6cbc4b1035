import { DatabaseUnavailableError } from '../databaseUnavailable';
import { retrying, type Attempt, type Refusal } from '../../http/retryLoop';
import { parseRetryAfter, type RetryPolicy } from '../../http/retryPolicy';

/** Errors of a request that never reached the server: safe to send again. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code;
};

/** A refused call, with what happened in words. */
interface D1Refusal extends Refusal {
  problem: string;
}

/** One call: the answer, a refusal worth another attempt, or a DatabaseUnavailableError. */
async function attemptOnce(
  send: () => Promise<Response>,
  what: string,
): Promise<Attempt<Response, D1Refusal>> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    const code = causeCode(error);
    if (code && NOT_SENT.has(code))
      return { refused: { problem: `${what} could not be reached (${code})`, askedMs: null } };
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'did not answer in time'
        : `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
    throw new DatabaseUnavailableError(`${what} ${reason}.`);
  }
  if (response.status !== 429 && response.status < 500) return { answer: response };
  await response.body?.cancel();
  return {
    refused: {
      problem:
        response.status === 429
          ? `${what} is rate limiting this server (HTTP 429)`
          : `${what} answered HTTP ${response.status}`,
      askedMs: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
    },
  };
}

/**
 * Sends a request, retrying a 429 or 5xx answer and a connection that could not be made,
 * within `policy` (the one retry loop); then gives up with a DatabaseUnavailableError that
 * says what happened. Any other answer is returned as it is.
 */
export function fetchWithRetry(
  send: () => Promise<Response>,
  policy: RetryPolicy,
  what: string,
): Promise<Response> {
  return retrying(() => attemptOnce(send, what), {
    policy,
    giveUp({ problem, askedMs }, { askedTooLong, maxAttempts }) {
      const seconds = askedMs === null ? undefined : Math.ceil(askedMs / 1000);
      return askedTooLong
        ? new DatabaseUnavailableError(`${problem}; try again in ${seconds} s.`, seconds)
        : new DatabaseUnavailableError(
            `${problem}, ${maxAttempts} times in a row; try again shortly.`,
            seconds,
          );
    },
  });
}
