import { count, desc, eq } from 'drizzle-orm';
import os from 'node:os';
import type { AppDatabase } from '../../db/openDatabase';
import { syncRuns, type SyncRunRow } from '../../db/schema';
import type { SyncRange } from '../engine/syncRange';

export type SyncTrigger = SyncRunRow['trigger'];

/** A run on another machine left 'running' this long ago is taken for dead. */
const STALE_AFTER_MS = 30 * 60 * 1000;
const INTERRUPTED = 'Interrupted: the process running this sync stopped before it finished.';

/** Whether the process that owns a 'running' row still exists. */
function ownerAlive(run: SyncRunRow): boolean {
  if (run.ownerHost !== os.hostname()) return Date.now() - Date.parse(run.startedAt) < STALE_AFTER_MS;
  if (run.ownerPid === process.pid) return true;
  try {
    process.kill(run.ownerPid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class SyncAlreadyRunning extends Error {
  constructor(readonly runId: number) {
    super(`A sync is already running (run ${runId}).`);
  }
}

export interface FinishedRun {
  success: boolean;
  message: string;
  eventsProcessed: number;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
}

/**
 * The sync_runs table, which is also the lock: starting a run inserts its 'running' row
 * in the same transaction that checks there is none, so two servers on one database
 * cannot run at once.
 */
export function createSyncRunsRepository(db: AppDatabase) {
  /** Fails the 'running' rows whose process is gone. */
  function failInterrupted(): void {
    for (const run of db.select().from(syncRuns).where(eq(syncRuns.status, 'running')).all()) {
      if (ownerAlive(run)) continue;
      db.update(syncRuns)
        .set({ status: 'failed', finishedAt: new Date().toISOString(), message: INTERRUPTED })
        .where(eq(syncRuns.id, run.id))
        .run();
    }
  }

  return {
    failInterrupted,

    start(range: SyncRange, trigger: SyncTrigger, userId: number | null): SyncRunRow {
      return db.transaction(() => {
        failInterrupted();
        const running = db
          .select({ id: syncRuns.id })
          .from(syncRuns)
          .where(eq(syncRuns.status, 'running'))
          .get();
        if (running) throw new SyncAlreadyRunning(running.id);
        return db
          .insert(syncRuns)
          .values({
            status: 'running',
            trigger,
            userId,
            ...range,
            ownerHost: os.hostname(),
            ownerPid: process.pid,
            startedAt: new Date().toISOString(),
          })
          .returning()
          .get();
      });
    },

    finish(runId: number, result: FinishedRun): SyncRunRow {
      return db
        .update(syncRuns)
        .set({
          status: result.success ? 'succeeded' : 'failed',
          finishedAt: new Date().toISOString(),
          message: result.message,
          eventsProcessed: result.eventsProcessed,
          eventsCreated: result.eventsCreated,
          eventsUpdated: result.eventsUpdated,
          eventsDeleted: result.eventsDeleted,
        })
        .where(eq(syncRuns.id, runId))
        .returning()
        .get()!;
    },

    running(): SyncRunRow | undefined {
      return db.select().from(syncRuns).where(eq(syncRuns.status, 'running')).get();
    },

    history(limit = 50, offset = 0): SyncRunRow[] {
      return db.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(limit).offset(offset).all();
    },

    /** Every run, running ones included (the length of the history). */
    total(): number {
      return db.select({ n: count() }).from(syncRuns).get()?.n ?? 0;
    },

    lastFinished(): SyncRunRow | undefined {
      return db
        .select()
        .from(syncRuns)
        .where(eq(syncRuns.status, 'succeeded'))
        .orderBy(desc(syncRuns.id))
        .get();
    },

    counts(): { total: number; succeeded: number; failed: number } {
      const rows = db
        .select({ status: syncRuns.status, n: count() })
        .from(syncRuns)
        .groupBy(syncRuns.status)
        .all();
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { total: of('succeeded') + of('failed'), succeeded: of('succeeded'), failed: of('failed') };
    },
  };
}

export type SyncRunsRepository = ReturnType<typeof createSyncRunsRepository>;
