import type { FailedSnapshot } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import type { BackupSettings } from '../../../platform/config/loadConfig';
import { newerSchemaProblem } from '../../../platform/db/migrationState';
import type { SqliteFile } from '../../../platform/db/sqlite/sqliteFile';
import {
  RestorePointNotFound,
  RestoreRefused,
  type BackupEngine,
  type EnginePoint,
  type PreparedRestore,
} from '../backupEngine';
import type { OffsiteCopies } from '../offsite/offsiteCopies';
import type { S3Bucket } from '../offsite/s3Bucket';
import { pointsToPrune } from '../retention';
import { SnapshotKeyProblem, SnapshotUnreadable } from './snapshotCodec';
import { createSnapshotFolder, type LocalSnapshot } from './snapshotFolder';
import type { SnapshotHeader } from './snapshotHeader';
import { createSqliteSnapshots, SnapshotFailed, type TakenSnapshot } from './sqliteSnapshots';

/** How long the bucket's list is trusted before it is read again. */
const BUCKET_LIST_MS = 30_000;

function toPoint(header: SnapshotHeader, sizeBytes: number, local: boolean): EnginePoint {
  return {
    name: header.name,
    kind: header.kind,
    reason: header.reason,
    at: header.at,
    sizeBytes,
    counts: header.counts,
    verification: `integrity_check ok; read back whole (SHA-256 ${header.sha256.slice(0, 12)}…)`,
    encrypted: header.encryption !== null,
    local,
    offsite: null,
    offsiteProblem: null,
    schema: header.schema,
    historyMaxId: header.historyMaxId,
  };
}

/**
 * Backups of the SQLite file: verified snapshots in BACKUP_DIR, copied to the bucket when
 * BACKUP_S3_URL is set (a point only in the bucket, after the disk was lost, is downloaded to
 * restore it), kept by the retention rule on both.
 */
export function createSqliteBackups({
  sqlite,
  settings,
  appVersion,
  log,
  bucket,
  copies,
}: {
  sqlite: SqliteFile;
  settings: BackupSettings;
  appVersion: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  bucket: S3Bucket | null;
  copies: OffsiteCopies | null;
}): BackupEngine & { folder: ReturnType<typeof createSnapshotFolder> } {
  const folder = createSnapshotFolder(settings.dir);
  const snapshots = createSqliteSnapshots({ sqlite, folder, key: settings.key, appVersion, log });
  let bucketList: { at: number; names: Map<string, number> } | null = null;
  const remoteHeaders = new Map<string, SnapshotHeader>();

  async function inBucket(): Promise<Map<string, number>> {
    if (!bucket) return new Map();
    if (bucketList && Date.now() - bucketList.at < BUCKET_LIST_MS) return bucketList.names;
    try {
      const names = new Map((await bucket.list()).map((object) => [object.name, object.sizeBytes]));
      bucketList = { at: Date.now(), names };
      return names;
    } catch (error) {
      log.warn({ err: error, target: bucket.target }, 'the bucket could not be listed');
      return bucketList?.names ?? new Map();
    }
  }

  async function allPoints(): Promise<EnginePoint[]> {
    const local = await folder.points();
    const remote = await inBucket();
    const points = local.map((snapshot: LocalSnapshot) => {
      const point = toPoint(snapshot.header, snapshot.sizeBytes, true);
      if (copies) {
        const known = copies.stateOf(point.name);
        point.offsite = remote.has(point.name) ? 'copied' : (known?.state ?? 'not-copied');
        point.offsiteProblem = known?.state === 'failed' ? known.problem : null;
      }
      return point;
    });
    const localNames = new Set(points.map((point) => point.name));
    for (const [name, sizeBytes] of remote) {
      if (localNames.has(name)) continue;
      try {
        let header = remoteHeaders.get(name);
        if (!header) {
          header = await bucket!.header(name);
          remoteHeaders.set(name, header);
        }
        points.push({ ...toPoint(header, sizeBytes, false), offsite: 'copied' });
      } catch (error) {
        log.warn(
          { err: error, snapshot: name },
          'a copy in the bucket has no readable header: it is not offered',
        );
      }
    }
    return points.sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
  }

  async function fileFor(point: EnginePoint): Promise<{ file: string; downloaded: boolean }> {
    if (point.local) return { file: folder.fileOf(point.name), downloaded: false };
    const file = folder.workFile(`${point.name}.download`);
    await bucket!.download(point.name, file);
    return { file, downloaded: true };
  }

  return {
    engine: 'sqlite',
    folder,

    point: async (kind, reason) => offered(await snapshots.take({ kind, reason })),

    async pointBeforeChange(kind, reason) {
      const { verified } = await snapshots.capture({ kind, reason });
      return { verified: verified.then(offered) };
    },

    resume: () =>
      snapshots.recover().map(({ kind, verified }) => ({ kind, verified: verified.then(offered) })),

    points: allPoints,

    async failed(): Promise<FailedSnapshot[]> {
      return (await folder.failed()).map(({ header }) => ({
        name: header.name,
        at: header.at,
        reason: header.reason,
        problem: header.problem ?? 'it failed its check',
      }));
    },

    async prepare(target): Promise<PreparedRestore> {
      const points = await allPoints();
      const point =
        'point' in target
          ? points.find((candidate) => candidate.name === target.point)
          : points.find((candidate) => Date.parse(candidate.at) <= target.at.getTime());
      if (!point)
        throw new RestorePointNotFound(
          'point' in target
            ? `There is no restore point ${target.point}.`
            : `There is no restore point at or before ${target.at.toISOString()}.`,
        );
      const newer = newerSchemaProblem(point.schema);
      if (newer) throw new RestoreRefused(`${point.name} cannot be restored: ${newer}`);
      const { file, downloaded } = await fileFor(point);
      let unpacked: { database: string };
      try {
        unpacked = await snapshots.unpack(file);
      } catch (error) {
        if (
          error instanceof SnapshotKeyProblem ||
          error instanceof SnapshotUnreadable ||
          error instanceof SnapshotFailed
        )
          throw new RestoreRefused(`${point.name} cannot be restored: ${error.message}`);
        throw error;
      } finally {
        if (downloaded) await fs.promises.rm(file, { force: true });
      }
      return {
        point,
        swap: async () => sqlite.replaceWith(unpacked.database),
        discard: () => fs.promises.rm(unpacked.database, { force: true }),
      };
    },

    async disk() {
      const usage = await folder.usage();
      return { ...usage, snapshots: (await folder.points()).length };
    },

    offsite: () => (copies ? { target: copies.target, ...copies.failing() } : null),

    prune,

    settled: async () => {
      await snapshots.idle();
      await copies?.idle();
    },

    close: () => bucket?.close(),
  };

  /** A verified snapshot offered: copied off the machine, and the old ones the rule no longer keeps removed. */
  async function offered(taken: TakenSnapshot): Promise<{ point: EnginePoint; unchanged: boolean }> {
    const point = toPoint(taken.header, taken.sizeBytes, true);
    if (!taken.unchanged && copies) {
      point.offsite = 'copying';
      void copies.copy(taken.header.name, taken.file).then(() => {
        bucketList = null;
      });
    }
    if (!taken.unchanged) await prune();
    return { point, unchanged: taken.unchanged };
  }

  async function prune() {
    const points = await allPoints();
    const gone = new Set(pointsToPrune(points, settings.keep));
    if (gone.size === 0) return;
    for (const point of points) {
      if (!gone.has(point.name)) continue;
      if (point.local) await fs.promises.rm(folder.fileOf(point.name), { force: true });
      copies?.forget(point.name);
    }
    const remote = await inBucket();
    const remoteGone = [...gone].filter((name) => remote.has(name));
    if (bucket && remoteGone.length > 0) {
      await bucket
        .remove(remoteGone)
        .catch((error: unknown) =>
          log.warn({ err: error, snapshots: remoteGone }, 'old copies could not be removed from the bucket'),
        );
      bucketList = null;
    }
    log.info({ removed: [...gone] }, 'old snapshots removed by the retention rule');
  }
}
