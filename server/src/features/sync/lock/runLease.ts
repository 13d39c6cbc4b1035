import type { SyncRange, SyncTrigger } from '@auditdesk/shared/core';
import type { SyncRunRow } from '../../../platform/db/schema';
import { SyncAlreadyRunning, type SyncRuns } from '../runs/syncRunsRepository';
import type { SyncLease, SyncLock } from './syncLock';

/** How long a request that found the lock taken waits for the holder's run to appear in sync_runs. */
const HOLDER_WAIT_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock is taken: the holder's run, once its row is written (it writes it right after taking the lock). */
async function refuseWhileHeld(runs: SyncRuns): Promise<never> {
  const giveUpAt = Date.now() + HOLDER_WAIT_MS;
  for (;;) {
    const holder = await runs.running();
    if (holder) throw new SyncAlreadyRunning(holder.id);
    if (Date.now() >= giveUpAt) throw new SyncAlreadyRunning(null);
    await sleep(50);
  }
}

/**
 * Takes the one-run-at-a-time lock: the shared lease (none without Redis), then the run's
 * row in sync_runs; each undone if the other cannot be had. Answers the run, the shared
 * lease and the last run that is over (the new run compares against it).
 */
export async function takeRunLock(
  runs: SyncRuns,
  lock: SyncLock | null,
  range: SyncRange,
  trigger: SyncTrigger,
  userId: number | null,
  where: { source: string; sink: string },
): Promise<{ previous: SyncRunRow | undefined; run: SyncRunRow; shared: SyncLease | null }> {
  let shared: SyncLease | null = null;
  if (lock) {
    shared = await lock.acquire();
    if (!shared) return refuseWhileHeld(runs);
  }
  try {
    const previous = await runs.latestFinished();
    const run = await runs.start(range, trigger, userId, where);
    return { previous, run, shared };
  } catch (error) {
    await shared?.release();
    throw error;
  }
}

/**
 * Renews the run's lease (its sync_runs row, and the shared lock's lease if there is one)
 * while it works; stops renewing once another instance failed it or took the lock.
 */
export function holdLease(runs: SyncRuns, runId: number, leaseMs: number, shared: SyncLease | null) {
  let lost = false;
  const timer = setInterval(() => {
    const beats = [runs.heartbeat(runId), shared?.renew() ?? Promise.resolve(true)];
    for (const beat of beats) {
      beat.then(
        (held) => {
          if (held === false) lost = true; // null: Redis away; nobody else can take the lock meanwhile
        },
        () => undefined, // a missed beat is retried at the next one; the lease is three beats long
      );
    }
  }, leaseMs / 3);
  timer.unref();
  return {
    /** Stops renewing and frees the shared lease. */
    async release() {
      clearInterval(timer);
      await shared?.release();
    },
    async assertStillOwned() {
      if (lost || !(await runs.isRunning(runId)))
        throw new Error(
          'This sync was stopped (its lease was lost or it stalled); nothing was written to the database.',
        );
    },
  };
}
