import type {
  BackupKind,
  D1Export,
  BackupNowResult,
  BackupsOverview,
  RestoreImpact,
  RestorePoint,
  RestoreRecord,
} from '@auditdesk/shared/core';
import { Cron } from 'croner';
import { desc, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupSettings } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import { HttpProblem } from '../../platform/errors/httpProblem';
import { backupRestores } from '../../platform/db/schema';
import type { RequestGate } from '../../platform/http/requestGate';
import type { Notifier } from '../notifications/notifier';
import { SyncAlreadyRunning, type SyncRuns } from '../sync/runs/syncRunsRepository';
import type { SyncLease, SyncLock } from '../sync/lock/syncLock';
import {
  RestoreRefused,
  RestorePointNotFound,
  type BackupEngine,
  type EnginePoint,
  type RestoreTarget,
} from './backupEngine';
import { BACKUP_UNDER_WAY, RESTORE_UNDER_WAY } from './backupMessages';
import { TIME_TRAVEL_DAYS } from './d1/d1Backups';
import type { D1Exports } from './d1/d1Exports';
import { carryPresent, readPresent } from './restoreCarry';
import { SnapshotFailed } from './snapshots/sqliteSnapshots';

/** A backup or restore runs (409 wherever it surfaces: a bulk change during a restore is refused, not lost). */
export class BackupBusy extends HttpProblem {
  constructor(message = BACKUP_UNDER_WAY) {
    super(409, message);
    this.name = 'BackupBusy';
  }
}

/** Exports off Cloudflare are made of a D1 database only, and need a bucket. */
export class ExportsOff extends Error {
  constructor() {
    super('Exports are made of a D1 database (DATABASE=d1) with BACKUP_S3_URL set.');
    this.name = 'ExportsOff';
  }
}

/** Something this instance holds that the restore must make forget the data before. */
export interface RestoreListeners {
  /** Forget every cached answer (memory and Redis). */
  clearCaches(): Promise<void>;
  /** Tell every open tab, and the other instances. */
  announce(change: { point: string; reason: string; by: string; at: string }): void;
}

const strip = ({ schema: _schema, historyMaxId: _history, ...point }: EnginePoint): RestorePoint => point;

/** The interval between two runs of a cron expression (for "older than twice the schedule"). */
function cronInterval(cron: string | null): { nextAt: string | null; everyMs: number | null } {
  if (!cron) return { nextAt: null, everyMs: null };
  const job = new Cron(cron, { paused: true });
  const [next, after] = job.nextRuns(2);
  job.stop();
  return {
    nextAt: next?.toISOString() ?? null,
    everyMs: next && after ? after.getTime() - next.getTime() : null,
  };
}

/**
 * Backups and restores, alike on both engines (the engine does the part that differs): restore
 * points on the schedule, on request and before every change one undo cannot take back; restores
 * that take the sync lock, keep the database of now as a point first, carry the present across
 * (sign-ins, the record of restores), clear every cache and tell every tab and Admin.
 */
export function createBackupService({
  engine,
  exports = null,
  db,
  settings,
  syncRuns,
  syncLock,
  gate,
  notifier,
  listeners,
  log,
}: {
  engine: BackupEngine;
  /** D1 with BACKUP_S3_URL: the exports off Cloudflare the schedule makes. */
  exports?: D1Exports | null;
  db: Database;
  settings: BackupSettings;
  syncRuns: SyncRuns;
  /** The sync's shared lease (Redis); null: the sync_runs row alone. */
  syncLock: SyncLock | null;
  gate: RequestGate | null;
  notifier: Pick<Notifier, 'notify'> | null;
  listeners: RestoreListeners;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  /** What holds the lock now: a snapshot's copy or a restore (one at a time in this process; the others wait their turn). */
  let busy: string | null = null;
  let restoring = false;
  let turn: Promise<unknown> = Promise.resolve();

  function exclusively<T>(what: string, work: () => Promise<T>): Promise<T> {
    const run = turn.then(async () => {
      busy = what;
      try {
        return await work();
      } finally {
        busy = null;
      }
    });
    turn = run.catch(() => undefined);
    return run;
  }

  /** Tells the log and the Admins' bells; resolves once the bell is rung (callers that need not wait, don't). */
  async function reportFailure(error: unknown, kind: BackupKind): Promise<void> {
    const detail = error instanceof Error ? error.message : String(error);
    log.error({ err: error, kind }, 'backup failed');
    await notifier
      ?.notify({
        kind: 'backup-failed',
        severity: 'error',
        title: error instanceof SnapshotFailed ? 'A snapshot failed its check' : 'A backup failed',
        message: detail,
        link: '/backups',
        role: 'Admin',
      })
      .catch(() => undefined);
  }

  /** A point: its copy taken in turn; answers what resolves once it is verified and offered (a restore waits for neither). */
  async function takePoint(
    kind: BackupKind,
    reason: string,
  ): Promise<{ verified: Promise<{ point: EnginePoint; unchanged: boolean }> }> {
    if (restoring) throw new BackupBusy(RESTORE_UNDER_WAY);
    const { verified } = await exclusively(`backup (${kind})`, () => engine.pointBeforeChange(kind, reason));
    return { verified };
  }

  /** Holds the sync's lease for a restore: no run can start meanwhile, here or on another instance. */
  async function takeSyncLease(): Promise<{ release: () => Promise<void> }> {
    let lease: SyncLease | null = null;
    if (syncLock) {
      lease = await syncLock.acquire();
      if (!lease) throw new SyncAlreadyRunning(null);
    }
    const running = await syncRuns.running();
    if (running) {
      await lease?.release();
      throw new SyncAlreadyRunning(running.id);
    }
    const renew = lease ? setInterval(() => void lease.renew(), 5_000) : null;
    renew?.unref();
    return {
      async release() {
        if (renew) clearInterval(renew);
        await lease?.release();
      },
    };
  }

  async function resolve(target: RestoreTarget): Promise<EnginePoint | null> {
    const points = await engine.points();
    if ('point' in target) return points.find((point) => point.name === target.point) ?? null;
    return points.find((point) => Date.parse(point.at) <= target.at.getTime()) ?? null;
  }

  const service = {
    engine: engine.engine,

    /**
     * A restore point before a change one undo cannot take back. Never fails the change: a
     * backup that cannot be made is reported to the Admins (bell and log), and the change goes on.
     */
    async beforeChange(kind: BackupKind, reason: string): Promise<void> {
      if (restoring) throw new BackupBusy(RESTORE_UNDER_WAY);
      try {
        // the change waits for the copy only; the check, encryption and upload follow it
        void (await takePoint(kind, reason)).verified.catch(
          (error: unknown) => void reportFailure(error, kind),
        );
      } catch (error) {
        void reportFailure(error, kind);
      }
    },

    /** Refuses (409) what must not begin while a restore is under way: a sync run, before it takes its lock. */
    refuseWhileRestoring(): void {
      if (restoring) throw new BackupBusy(RESTORE_UNDER_WAY);
    },

    /** Before a sync run: none while a restore is under way; a point first. */
    async beforeSync(reason: string): Promise<void> {
      if (restoring) throw new BackupBusy(RESTORE_UNDER_WAY);
      await service.beforeChange('sync', reason);
    },

    /** "Back up now" and `pnpm backup`: fails loudly. */
    async backUpNow(by: string): Promise<BackupNowResult> {
      try {
        const { point, unchanged } = await (await takePoint('manual', `Requested by ${by}`)).verified;
        return { point: strip(point), unchanged };
      } catch (error) {
        if (!(error instanceof BackupBusy)) void reportFailure(error, 'manual');
        throw error;
      }
    },

    /** The schedule's point (BACKUP_CRON; on D1 the export off Cloudflare); skipped while a restore runs. */
    async scheduled(): Promise<void> {
      if (exports) {
        await service.exportNow().catch(() => undefined);
        return;
      }
      try {
        await (
          await takePoint('schedule', 'On the schedule')
        ).verified;
      } catch (error) {
        if (error instanceof BackupBusy) log.info({}, 'scheduled backup skipped: a restore runs');
        else void reportFailure(error, 'schedule');
      }
    },

    /** D1: an export off Cloudflare now (the schedule's, `pnpm backup export`); a failure is told to the Admins. */
    async exportNow(): Promise<D1Export> {
      if (!exports) throw new ExportsOff();
      try {
        return await exports.run();
      } catch (error) {
        await reportFailure(error, 'schedule');
        throw error;
      }
    },

    /** D1: an export's SQL, written to `into` (to rebuild the database in another account, or in SQLite). */
    async exportSql(name: string, into: string): Promise<D1Export> {
      if (!exports) throw new ExportsOff();
      return exports.writeSql(name, into);
    },

    async overview(): Promise<BackupsOverview> {
      const points = await engine.points();
      // croner reads the hours of BACKUP_CRON in the server's own time zone
      const schedule = {
        cron: settings.cron,
        ...cronInterval(settings.cron),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
      const newest = points[0];
      const ageMs = newest ? Date.now() - Date.parse(newest.at) : 0;
      const restores = await db.orm
        .select()
        .from(backupRestores)
        .orderBy(desc(backupRestores.id))
        .limit(50)
        .all();
      return {
        engine: engine.engine,
        schedule,
        lastGood: newest
          ? {
              name: newest.name,
              at: newest.at,
              ageMs,
              // D1 keeps every minute: its last good point is always now
              stale: engine.engine === 'sqlite' && schedule.everyMs !== null && ageMs > 2 * schedule.everyMs,
            }
          : null,
        points: points.map(strip),
        failed: await engine.failed(),
        disk: await engine.disk(),
        offsite: engine.offsite() ?? (exports ? { target: exports.target, ...exports.failing() } : null),
        encrypted: engine.engine === 'd1' || Boolean(settings.key),
        timeTravelDays: engine.engine === 'd1' ? TIME_TRAVEL_DAYS : null,
        exports: exports ? await exports.list().catch(() => []) : null,
        restores: restores.map((row) => ({
          at: row.at,
          by: row.by,
          point: row.point,
          pointReason: row.pointReason,
          undoPoint: row.undoPoint,
          migrated: JSON.parse(row.migrated) as string[],
        })),
        busy,
      };
    },

    /** What a restore to that point would lose. */
    async impact(name: string): Promise<RestoreImpact> {
      const point = await resolve({ point: name });
      if (!point) throw new RestorePointNotFound(`There is no restore point ${name}.`);
      const [history] = await db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM lead_history WHERE id > ${point.historyMaxId}`,
      );
      const [other] = await db.all<{ n: number }>(sql`SELECT
        (SELECT count(*) FROM users WHERE updated_at > ${point.at}) +
        (SELECT count(*) FROM saved_views WHERE updated_at > ${point.at}) +
        (SELECT count(*) FROM sync_runs WHERE started_at > ${point.at}) AS n`);
      return { point: point.name, at: point.at, leadChanges: history?.n ?? 0, otherChanges: other?.n ?? 0 };
    },

    /**
     * Restores the database to a point or a time: see the class comment. `own` is the number
     * of API requests of the caller itself (1 from the Backups page, 0 from the command line).
     */
    async restore(
      target: RestoreTarget,
      by: string,
      { own = 0 }: { own?: number } = {},
    ): Promise<RestoreRecord> {
      if (restoring) throw new BackupBusy(RESTORE_UNDER_WAY);
      // from now on no change begins (its point would be of the database being replaced)
      restoring = true;
      return exclusively('restore', async () => {
        try {
          const lease = await takeSyncLease();
          try {
            const wanted = await resolve(target);
            if (!wanted && !('at' in target && engine.engine === 'd1'))
              throw new RestorePointNotFound(
                'point' in target
                  ? `There is no restore point ${target.point}.`
                  : `There is no restore point at or before ${target.at.toISOString()}.`,
              );
            const prepared = await engine.prepare(target);
            let undo: EnginePoint;
            try {
              undo = (await engine.point('restore', `Before restoring ${prepared.point.name} (by ${by})`))
                .point;
            } catch (error) {
              await prepared.discard();
              throw error;
            }
            const record: RestoreRecord = {
              at: new Date().toISOString(),
              by,
              point: prepared.point.name,
              pointReason: prepared.point.reason,
              undoPoint: undo.name,
              migrated: [],
            };
            await (
              gate
                ? (work: () => Promise<void>) => gate.exclusive(work, { own })
                : (work: () => Promise<void>) => work()
            )(async () => {
              const present = await readPresent(db);
              try {
                record.migrated = await prepared.swap();
              } catch (error) {
                await prepared.discard();
                throw error;
              }
              await carryPresent(db, present);
              await db.orm
                .insert(backupRestores)
                .values({ ...record, migrated: JSON.stringify(record.migrated) })
                .run();
            });
            log.info({ ...record }, 'database restored');
            await listeners
              .clearCaches()
              .catch((error: unknown) => log.warn({ err: error }, 'a cache was not cleared'));
            listeners.announce({ point: record.point, reason: record.pointReason, by, at: record.at });
            void notifier
              ?.notify({
                kind: 'data-restored',
                severity: 'info',
                title: 'The database was restored',
                message: `${by} restored ${record.point} (${record.pointReason}). To undo it, restore ${record.undoPoint}.`,
                link: '/backups',
                role: 'Admin',
              })
              .catch(() => undefined);
            return record;
          } finally {
            await lease.release();
          }
        } finally {
          restoring = false;
        }
      });
    },

    /** The restores recorded after `since` (tests, the page). */
    async restoresSince(since: string): Promise<number> {
      return (await db.orm.select().from(backupRestores).where(gt(backupRestores.at, since)).all()).length;
    },

    /** Runs BACKUP_CRON (on D1 for the exports alone); answers the function that stops it. */
    schedule(): () => void {
      if (!settings.cron || (engine.engine === 'd1' && !exports)) return () => {};
      const job = new Cron(settings.cron, { protect: true }, () => service.scheduled());
      log.info({ next: job.nextRun()?.toISOString() }, 'backups scheduled');
      return () => job.stop();
    },

    settled: async () => {
      await engine.settled();
      await exports?.idle();
    },
    close: () => {
      engine.close();
      exports?.close();
    },
    isRestoring: () => restoring,
  };
  // copies a stopped process had taken before a change are verified and offered now
  for (const { kind, verified } of engine.resume())
    void verified.catch((error: unknown) => void reportFailure(error, kind));
  return service;
}

export type BackupService = ReturnType<typeof createBackupService>;
export { RestoreRefused, RestorePointNotFound };
