import type { FastifyBaseLogger } from 'fastify';
import type { BodyStore } from '../../platform/cache/bodyStore';
import type { BackupSettings, Config } from '../../platform/config/loadConfig';
import type { D1Api } from '../../platform/db/d1/d1Api';
import type { BeforeMigrations, Database } from '../../platform/db/database';
import type { RequestGate } from '../../platform/http/requestGate';
import type { Notifier } from '../notifications/notifier';
import type { HubBackplane } from '../realtime/backplane/hubBackplane';
import type { SyncLock } from '../sync/lock/syncLock';
import type { SyncRuns } from '../sync/runs/syncRunsRepository';
import { APP_VERSION } from './appVersion';
import type { BackupEngine } from './backupEngine';
import { createBackupService } from './backupService';
import { createD1Backups, recordBookmark } from './d1/d1Backups';
import { createD1Exports, type D1Exports } from './d1/d1Exports';
import { createOffsiteCopies, type UPLOAD_RETRY } from './offsite/offsiteCopies';
import { createS3Bucket } from './offsite/s3Bucket';
import { createSqliteBackups } from './snapshots/sqliteBackups';

/** The backplane channel on which an instance tells the others that it restored the database. */
export const RESTORED_CHANNEL = 'backups:restored';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The engine of the settings' database: snapshots of the SQLite file, or D1's Time Travel. */
export function createBackupEngine(
  db: Database,
  settings: BackupSettings,
  log: Log,
  {
    notifier = null,
    uploadRetry,
  }: { notifier?: Pick<Notifier, 'notify'> | null; uploadRetry?: typeof UPLOAD_RETRY } = {},
): BackupEngine {
  if (db.engine === 'd1') return createD1Backups(db, (db as Database & { api: D1Api }).api);
  const bucket = settings.s3 ? createS3Bucket(settings.s3) : null;
  const copies = bucket
    ? createOffsiteCopies({
        bucket,
        log,
        policy: uploadRetry,
        failed: (name, problem) =>
          void notifier
            ?.notify({
              kind: 'backup-copy-failed',
              severity: 'error',
              title: 'A snapshot was not copied off the machine',
              message: `${name} could not be copied to ${bucket.target}: ${problem}. It is kept on this machine, and the copy is tried again with the next snapshot.`,
              link: '/backups',
              role: 'Admin',
            })
            .catch(() => undefined),
      })
    : null;
  return createSqliteBackups({ sqlite: db.sqlite!, settings, appVersion: APP_VERSION, log, bucket, copies });
}

/**
 * D1 with BACKUP_S3_URL: the exports off Cloudflare on the schedule, into the bucket under
 * `d1-exports/` (a failed copy is reported with the export that failed, not apart).
 */
export function createBackupExports(
  db: Database,
  settings: BackupSettings,
  log: Log,
  uploadRetry?: typeof UPLOAD_RETRY,
): D1Exports | null {
  if (db.engine !== 'd1' || !settings.s3) return null;
  const bucket = createS3Bucket({ ...settings.s3, prefix: `${settings.s3.prefix}d1-exports/` });
  return createD1Exports({
    api: (db as Database & { api: D1Api }).api,
    bucket,
    copies: createOffsiteCopies({ bucket, log, policy: uploadRetry, failed: () => undefined }),
    settings,
    appVersion: APP_VERSION,
    log,
  });
}

/**
 * Before migrations at start (a database with data, and migrations to apply): a restore point
 * first, on SQLite a snapshot, on D1 the bookmark of before (recorded once the migrations made
 * its table).
 */
export function protectMigrations(settings: BackupSettings, log: Log): BeforeMigrations {
  return async (db, pending) => {
    const reason = `Before the migration${pending.length > 1 ? 's' : ''} ${pending.join(', ')} at start`;
    if (db.engine === 'd1')
      return recordBookmark(db, (db as Database & { api: D1Api }).api, 'migration', reason);
    const engine = createBackupEngine(db, settings, log);
    // the start goes on: a migration is not refused for want of a backup, but it is said loudly
    const failed = (error: unknown) =>
      log.error({ err: error }, 'no snapshot could be taken before the migrations');
    try {
      // the migrations wait for the copy; it is verified while they run
      void (await engine.pointBeforeChange('migration', reason)).verified.catch(failed);
    } catch (error) {
      failed(error);
    }
    return async () => {
      await engine.settled();
      engine.close();
    };
  };
}

/** The backups of the app (and of the command line): the engine, the service, and what a restore tells. */
export function createBackups({
  config,
  db,
  syncRuns,
  syncLock,
  gate,
  notifier,
  readStore,
  backplane,
  tellTabs,
  afterRestore,
  log,
  uploadRetry,
}: {
  config: Pick<Config, 'backups'>;
  db: Database;
  syncRuns: SyncRuns;
  syncLock: SyncLock | null;
  gate: RequestGate | null;
  notifier: Pick<Notifier, 'notify'>;
  readStore: BodyStore;
  backplane: HubBackplane | null;
  /** DataRestored to every open tab (on every instance). */
  tellTabs: (change: { point: string; reason: string; by: string; at: string }) => void;
  /** What else this instance holds from the database (the live releases). */
  afterRestore: () => void;
  log: Log;
  uploadRetry?: typeof UPLOAD_RETRY;
}) {
  const engine = createBackupEngine(db, config.backups, log, { notifier, uploadRetry });
  const exports = createBackupExports(db, config.backups, log, uploadRetry);
  // another instance restored: its file (shared disk) or its data (D1) is not what this one cached
  backplane?.onMessage((channel) => {
    if (channel !== RESTORED_CHANNEL) return;
    db.sqlite?.followReplacement();
    void readStore.clear();
    afterRestore();
  });
  void backplane?.join(RESTORED_CHANNEL);
  const service = createBackupService({
    engine,
    exports,
    db,
    settings: config.backups,
    syncRuns,
    syncLock,
    gate,
    notifier,
    log,
    listeners: {
      clearCaches: () => readStore.clear(),
      announce(change) {
        backplane?.publish(RESTORED_CHANNEL, '{}');
        afterRestore();
        tellTabs(change);
      },
    },
  });
  return {
    ...service,
    close() {
      backplane?.leave(RESTORED_CHANNEL);
      service.close();
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
