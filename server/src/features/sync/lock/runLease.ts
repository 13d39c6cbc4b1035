import type { SyncRange, SyncTrigger } from '@auditdesk/shared/core';
import type { SyncRunRow } from '../../../platform/db/schema';
import { SyncAlreadyRunning, type SyncRuns } from '../runs/syncRunsRepository';
import { RunStopped, type RunHold } from './runHold';
import type { SyncLease, SyncLock } from './syncLock';

/** How long a request that found the lock taken waits for the holder's run to appear in sync_runs. */
const HOLDER_WAIT_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shared lock is taken: refused with the holder's run while the database says it runs;
 * taken over when the database says the holder's run is over (failed by an instance that
 * found it stalled or dead, its own instance unaware yet), since the database is the
 * authority; refused without a run id when the holder has not recorded its run within
 * HOLDER_WAIT_MS (it writes it right after taking the lock).
 */
async function takeFromRunThatIsOver(runs: SyncRuns, lock: SyncLock): Promise<SyncLease> {
  const giveUpAt = Date.now() + HOLDER_WAIT_MS;
  for (;;) {
    const holder = await lock.holder();
    const lease = holder === null ? await lock.acquire() : null;
    if (lease) return lease;
    if (holder) {
      const running = await runs.running();
      if (running) throw new SyncAlreadyRunning(running.id);
      if (holder.runId !== null) {
        const taken = await lock.takeFrom(holder);
        if (taken) return taken;
      }
    }
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
  const shared = lock ? ((await lock.acquire()) ?? (await takeFromRunThatIsOver(runs, lock))) : null;
  try {
    const previous = await runs.latestFinished();
    const run = await runs.start(range, trigger, userId, where);
    await shared?.bind(run.id);
    return { previous, run, shared };
  } catch (error) {
    await shared?.release();
    throw error;
  }
}

/** A run's hold on its lease while it works (RunHold), and its end. */
export interface RunLease extends RunHold {
  /** Another instance failed the run (a progress write found it over): it stops as if a renewal had failed. */
  lose(): void;
  /** Whether the lease is known to be lost. */
  isLost(): boolean;
  /** Stops renewing and frees the shared lease. */
  release(): Promise<void>;
}

/**
 * Renews the run's lease (its sync_runs row, and the shared lock's lease if there is one)
 * while it works. Once the lease is lost (another instance failed the run, or took the
 * shared lock) it stops renewing either, frees the shared lock if it is still its own (so
 * the next start is not refused by a dead run), and the run stops at its next check.
 */
export function holdLease(
  runs: SyncRuns,
  runId: number,
  leaseMs: number,
  shared: SyncLease | null,
): RunLease {
  let lost = false;
  const lose = () => {
    if (lost) return;
    lost = true;
    clearInterval(timer);
    void shared?.release();
  };
  const timer = setInterval(() => {
    // a missed beat is retried at the next one; the lease is three beats long
    runs.heartbeat(runId).then(
      (held) => {
        if (!held) lose();
      },
      () => undefined,
    );
    shared?.renew().then(
      (held) => {
        if (held === false) lose(); // null: Redis away; nobody else can take the lock meanwhile
      },
      () => undefined,
    );
  }, leaseMs / 3);
  timer.unref();
  const stopped = () => {
    lose();
    return new RunStopped();
  };

  const lease: RunLease = {
    runId,
    lose,
    isLost: () => lost,
    throwIfLost() {
      if (lost) throw new RunStopped();
    },
    async checkpoint() {
      lease.throwIfLost();
      if (runs.readsAreLocal) await lease.checkOwned();
    },
    async checkOwned() {
      lease.throwIfLost();
      if (!(await runs.isRunning(runId))) throw stopped();
    },
    async whileOwned(replace) {
      lease.throwIfLost();
      const done = await runs.whileRunning(runId, replace);
      if (!done.held) throw stopped();
      return done.value;
    },
    async release() {
      clearInterval(timer);
      await shared?.release();
    },
  };
  return lease;
}
