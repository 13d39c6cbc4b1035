import type { FastifyBaseLogger } from 'fastify';
import { backoffDelay, type RetryPolicy } from '../http/retryPolicy';

/** How many due items one look at the table takes. */
const BATCH = 20;
/** How long one instance holds an item it is working on before another may try it. */
export const OUTBOX_CLAIM_MS = 2 * 60_000;

/** The clock and pauses of an outbox, each settable (tests shorten them). */
export interface OutboxTimings {
  /** The pauses between the attempts of an item that did not go through. */
  policy?: RetryPolicy;
  now?: () => Date;
  random?: () => number;
  /** How often the table is looked at for items due again (retries, items left by a restart). */
  pollMs?: number;
}

export interface OutboxWorkerOptions {
  /** The ids of the items due at `now`, at most `limit` of them. */
  due(now: Date, limit: number): Promise<number[]>;
  /** One item: claimed (or found taken by another instance, or done), tried, its outcome stored. */
  attempt(id: number): Promise<void>;
  /** What the log says when a round cannot go on ("the mail outbox could not be read"). */
  failure: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** What the caller set; the policy and poll the outbox's own where not. */
  timings: OutboxTimings;
  defaults: { policy: RetryPolicy; pollMs: number };
}

/**
 * The worker of a table of work kept in the database (the mail outbox, the calendar writes):
 * rounds over what is due, one item at a time, across restarts and instances (each item is
 * claimed by one instance). A round asked for while one runs makes that round look again,
 * so nothing asked for is missed and no two rounds of one instance overlap.
 */
export function createOutboxWorker({ due, attempt, failure, log, timings, defaults }: OutboxWorkerOptions) {
  const {
    policy = defaults.policy,
    now = () => new Date(),
    random = Math.random,
    pollMs = defaults.pollMs,
  } = timings;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      let ids: number[];
      do {
        ids = await due(now(), BATCH);
        for (const id of ids) {
          if (stopped) return;
          await attempt(id);
        }
      } while (ids.length === BATCH && !stopped);
    } while (again && !stopped);
  }

  /** Works through what is due; a call while a round runs makes that round look again. */
  function runDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    now,
    /** When an item that failed its `attempts`th attempt is due again. */
    retryAt: (attempts: number) => new Date(now().getTime() + backoffDelay(attempts, policy, random)),
    /** Whether an item that failed its `attempts`th attempt is given up. */
    givenUp: (attempts: number) => attempts >= policy.maxAttempts,
    runDue,
    /** New work was stored: a round soon, without the caller waiting for it. */
    nudge() {
      setImmediate(() => {
        if (!stopped) void runDue();
      });
    },
    /** A round now and every `pollMs`. */
    start() {
      void runDue();
      timer = setInterval(() => void runDue(), pollMs);
      timer.unref();
    },
    /** No new round or item; the item being tried ends first. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
