import { STATUS_CODES } from 'node:http';
import { retrying, type Refusal, type RetryLoopOptions } from './retryLoop';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, realClock, type RetryTuning } from './retryPolicy';

/** One wait, as the progress message tells it. */
export interface RetryWait {
  /** Who refused: "Microsoft Graph", "Google Sheets", "CalDAV server cal.example.com". */
  service: string;
  status: number;
  /** The attempt that was refused, from 1. */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  /** The server said how long (Retry-After). */
  serverAsked: boolean;
}

export type WaitListener = (wait: RetryWait) => void;

/** Tells whether an answer means "busy, ask again later". */
export type BusyAnswer = (response: Response) => boolean | Promise<boolean>;

/** 429 Too Many Requests, and the gateway answers of an overloaded service. */
export const BUSY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);
export const isBusyStatus: BusyAnswer = (response) => BUSY_STATUSES.has(response.status);

/** A remote API stayed busy through every attempt (or asked for a wait too long to make). */
export class RemoteBusyError extends Error {
  override name = 'RemoteBusyError';
  constructor(
    readonly service: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A busy answer: its status, and the wait it asked for. */
interface BusyRefusal extends Refusal {
  status: number;
}

export interface RetryingFetchOptions extends RetryTuning {
  service: string;
  isBusy?: BusyAnswer;
  onWait?: WaitListener;
  fetch?: typeof fetch;
}

const statusText = (status: number) =>
  `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
// a no-break space keeps the number with its unit when the message wraps
const seconds = (ms: number) => `${Math.ceil(ms / 1000)}\u00a0s`;

/** "Google Sheets answered HTTP 429 Too Many Requests; waiting 2 s before attempt 2 of 5" */
export function describeWait(wait: RetryWait): string {
  return `${wait.service} answered ${statusText(wait.status)}; waiting ${seconds(wait.delayMs)} before attempt ${wait.attempt + 1} of ${wait.maxAttempts}`;
}

/**
 * A fetch that, when the server answers busy, waits (Retry-After when given, else
 * exponential backoff with jitter) and asks again, up to the policy's attempts; then it
 * throws RemoteBusyError, and every later call through it fails at once, so one run does
 * not wait out the same outage twice. Only for idempotent requests with a resendable
 * body (a string or none).
 */
export function createRetryingFetch(options: RetryingFetchOptions): typeof fetch {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const clock = { ...realClock, ...options.clock };
  const isBusy = options.isBusy ?? isBusyStatus;
  const baseFetch = options.fetch ?? globalThis.fetch;
  let gaveUp: RemoteBusyError | null = null;

  const loop: RetryLoopOptions<BusyRefusal> = {
    policy,
    clock,
    onWait: ({ status, askedMs }, wait) =>
      options.onWait?.({ service: options.service, status, ...wait, serverAsked: askedMs !== null }),
    giveUp({ status, askedMs }, { attempt, maxAttempts }) {
      const refused = `${options.service} answered ${statusText(status)}`;
      gaveUp = new RemoteBusyError(
        options.service,
        status,
        attempt >= maxAttempts
          ? `${refused} ${attempt} times in a row; gave up, try again later`
          : `${refused} and asked to wait ${seconds(askedMs ?? 0)}, longer than ${seconds(policy.maxDelayMs)}; gave up, try again later`,
      );
      return gaveUp;
    },
  };

  return async (input, init) => {
    if (gaveUp) throw gaveUp;
    return retrying<Response, BusyRefusal>(async () => {
      const response = await baseFetch(input instanceof Request ? input.clone() : input, init);
      if (!(await isBusy(response))) return { answer: response };
      const askedMs = parseRetryAfter(response.headers.get('retry-after'), clock.now());
      await response.body?.cancel().catch(() => {});
      return { refused: { status: response.status, askedMs } };
    }, loop);
  };
}
