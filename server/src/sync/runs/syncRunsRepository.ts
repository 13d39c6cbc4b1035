import { count, desc, eq, and, lt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/openDatabase';
import { syncRuns, type SyncRunRow } from '../../db/schema';
import type { SyncRange } from '../engine/syncRange';

export type SyncTrigger = SyncRunRow['trigger'];

/** A run left 'running' this long ago belongs to a process that died. */
const STALE_AFTER_MS = 30 * 60 * 1000;

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
  function markStale() {
    db.update(syncRuns)
      .set({
        status: 'failed',
        finishedAt: new Date().toISOString(),
        message: 'Interrupted: the server stopped during this run.',
      })
      .where(
        and(
          eq(syncRuns.status, 'running'),
          lt(syncRuns.startedAt, new Date(Date.now() - STALE_AFTER_MS).toISOString()),
        ),
      )
      .run();
  }

  return {
    /** Every 'running' row is stale when this process starts owning the database alone. */
    failInterrupted(): void {
      db.update(syncRuns)
        .set({
          status: 'failed',
          finishedAt: new Date().toISOString(),
          message: 'Interrupted: the server stopped during this run.',
        })
        .where(eq(syncRuns.status, 'running'))
        .run();
    },

    start(range: SyncRange, trigger: SyncTrigger, userId: number | null): SyncRunRow {
      return db.transaction(() => {
        markStale();
        const running = db
          .select({ id: syncRuns.id })
          .from(syncRuns)
          .where(eq(syncRuns.status, 'running'))
          .get();
        if (running) throw new SyncAlreadyRunning(running.id);
        return db
          .insert(syncRuns)
          .values({ status: 'running', trigger, userId, ...range, startedAt: new Date().toISOString() })
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

    history(limit = 50): SyncRunRow[] {
      return db.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(limit).all();
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
