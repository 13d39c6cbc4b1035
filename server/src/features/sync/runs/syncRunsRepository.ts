import type { SyncRange, SyncStepId, SyncTrigger } from '@auditdesk/shared/core';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import os from 'node:os';
import type { Database } from '../../../platform/db/database';
import { syncRuns, type SyncRunRow } from '../../../platform/db/schema';
import type { SyncOutcome } from '../engine/runSync';

export const INTERRUPTED = 'Interrupted: the instance running this sync stopped before it finished.';
export const STALLED = 'Stalled: the sync made no progress for too long and was stopped.';

/** The database's own clock, shared by every instance on it (D1's, or the SQLite host's). */
const dbNow = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const dbAgo = (ms: number) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${ms / 1000} seconds`})`;

export class SyncAlreadyRunning extends Error {
  /** runId null: another instance holds the lock and has not recorded its run yet. */
  constructor(readonly runId: number | null) {
    super(
      runId === null
        ? 'A sync is starting on another instance.'
        : `A sync is already running (run ${runId}).`,
    );
  }
}

/** What is recorded of a run's outcome: all of it but the skipped events and the failure's cause. */
export type FinishedRun = Omit<SyncOutcome, 'problems' | 'cause'>;

/** A run's record once over, and whether this call ended it (else another instance had failed it first). */
export interface EndedRun {
  run: SyncRunRow;
  endedHere: boolean;
}

/**
 * All SQL on sync_runs, the record of every run and the lock: at most one row is
 * 'running' (a unique index), and it holds a lease its instance renews. A run whose lease
 * ran out (its instance died, whatever its PID) is failed as interrupted, one that made no
 * progress for too long as stalled, and the lock is free again, across every instance that
 * shares the database.
 */
export function createSyncRunsRepository(
  db: Database,
  {
    leaseMs,
    stallMs,
    onExpired,
  }: {
    /** A run whose instance has not renewed its lease for leaseMs is dead; one without progress for stallMs is stalled. */
    leaseMs: number;
    stallMs: number;
    /** Hears each run this repository failed as interrupted or stalled (its own instance cannot tell anyone). */
    onExpired?: (run: SyncRunRow) => void;
  },
) {
  const { orm } = db;
  const running = eq(syncRuns.status, 'running');

  /** Fails the running run if its lease ran out or it stalled. */
  async function failExpired(): Promise<void> {
    const failed = await orm
      .update(syncRuns)
      .set({
        status: 'failed',
        finishedAt: dbNow,
        message: sql`CASE WHEN ${syncRuns.heartbeatAt} < ${dbAgo(leaseMs)} THEN ${INTERRUPTED} ELSE ${STALLED} END`,
      })
      .where(
        and(
          running,
          sql`(${syncRuns.heartbeatAt} < ${dbAgo(leaseMs)} OR ${syncRuns.progressAt} < ${dbAgo(stallMs)})`,
        ),
      )
      .returning()
      .all();
    for (const run of failed) onExpired?.(run);
  }

  async function current(): Promise<SyncRunRow | undefined> {
    return orm.select().from(syncRuns).where(running).get();
  }

  async function isRunning(runId: number): Promise<boolean> {
    const row = await orm
      .select({ status: syncRuns.status })
      .from(syncRuns)
      .where(eq(syncRuns.id, runId))
      .get();
    return row?.status === 'running';
  }

  const renewed = (runId: number) =>
    orm
      .update(syncRuns)
      .set({ heartbeatAt: dbNow })
      .where(and(eq(syncRuns.id, runId), running));

  return {
    failExpired,

    /** Whether asking about a run costs no request (SQLite, in this process), so a run may ask between chunks. */
    readsAreLocal: db.local !== undefined,

    /** Takes the lock with a new running run; throws SyncAlreadyRunning while another holds it. */
    async start(
      range: SyncRange,
      trigger: SyncTrigger,
      userId: number | null,
      where: { source: string; sink: string },
    ): Promise<SyncRunRow> {
      await failExpired();
      try {
        const inserted = await orm
          .insert(syncRuns)
          .values({
            status: 'running',
            trigger,
            userId,
            ...range,
            ...where,
            owner: `${os.hostname()}:${process.pid}`,
            startedAt: dbNow,
            heartbeatAt: dbNow,
            progressAt: dbNow,
          })
          .returning()
          .get();
        return inserted;
      } catch (error) {
        const holder = await current();
        if (holder) throw new SyncAlreadyRunning(holder.id);
        throw error;
      }
    },

    /** Renews the lease; false when the run is no longer running (failed by another instance). */
    async heartbeat(runId: number): Promise<boolean> {
      const [changed] = await db.batch([renewed(runId)]);
      return changed === 1;
    },

    /** The run reached a step or reported progress; false when it is no longer running. */
    async progressed(runId: number, stage: SyncStepId): Promise<boolean> {
      const [changed] = await db.batch([
        orm
          .update(syncRuns)
          .set({ stage, progressAt: dbNow, heartbeatAt: dbNow })
          .where(and(eq(syncRuns.id, runId), running)),
      ]);
      return changed === 1;
    },

    isRunning,

    /**
     * Runs `act` only while the run is running. On SQLite the check is a write (the lease
     * renewed), in one transaction with `act`: SQLite's write lock is held until `act` is
     * done, so no instance can fail the run in between. On D1 (a request per statement) `act`
     * follows the check at once; what lies between is one answer's way back.
     */
    async whileRunning<T>(runId: number, act: () => T): Promise<{ held: true; value: T } | { held: false }> {
      const { local } = db;
      if (local)
        return local.transaction(() =>
          local.run(renewed(runId)) === 1 ? { held: true as const, value: act() } : { held: false as const },
        );
      return (await isRunning(runId)) ? { held: true, value: act() } : { held: false };
    },

    async finish(runId: number, result: FinishedRun): Promise<EndedRun> {
      const { success, ...fields } = result;
      const finished = await orm
        .update(syncRuns)
        .set({ ...fields, status: success ? 'succeeded' : 'failed', finishedAt: dbNow })
        .where(and(eq(syncRuns.id, runId), running))
        .returning()
        .get();
      if (finished) return { run: finished, endedHere: true };
      // already failed by another instance (lease lost): its verdict stays, and was announced there
      return {
        run: (await orm.select().from(syncRuns).where(eq(syncRuns.id, runId)).get())!,
        endedHere: false,
      };
    },

    /** The running run, if any (an expired one is failed first). */
    async running(): Promise<SyncRunRow | undefined> {
      await failExpired();
      return current();
    },

    /** When a running run last reported progress, and when it is failed as stalled unless it reports again. */
    progressDeadline(run: SyncRunRow): { lastProgressAt: string; stopsAt: string } {
      const lastProgressAt = run.progressAt ?? run.startedAt;
      return { lastProgressAt, stopsAt: new Date(Date.parse(lastProgressAt) + stallMs).toISOString() };
    },

    async history(limit = 50, offset = 0): Promise<SyncRunRow[]> {
      return orm.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(limit).offset(offset).all();
    },

    /** Every run, running ones included (the length of the history). */
    async total(): Promise<number> {
      return (await orm.select({ n: count() }).from(syncRuns).get())?.n ?? 0;
    },

    /** The most recent run that is over, whatever its outcome. */
    async latestFinished(): Promise<SyncRunRow | undefined> {
      return orm
        .select()
        .from(syncRuns)
        .where(ne(syncRuns.status, 'running'))
        .orderBy(desc(syncRuns.id))
        .get();
    },

    async lastSucceeded(): Promise<SyncRunRow | undefined> {
      return orm
        .select()
        .from(syncRuns)
        .where(eq(syncRuns.status, 'succeeded'))
        .orderBy(desc(syncRuns.id))
        .get();
    },

    async counts(): Promise<{ total: number; succeeded: number; failed: number }> {
      const rows = await orm
        .select({ status: syncRuns.status, n: count() })
        .from(syncRuns)
        .groupBy(syncRuns.status)
        .all();
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { total: of('succeeded') + of('failed'), succeeded: of('succeeded'), failed: of('failed') };
    },
  };
}

export type SyncRuns = ReturnType<typeof createSyncRunsRepository>;
