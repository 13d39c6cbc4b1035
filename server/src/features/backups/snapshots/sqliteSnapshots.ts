import type { BackupKind } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { SqliteFile } from '../../../platform/db/sqlite/sqliteFile';
import { captureDatabase } from './captureDatabase';
import { withFolderLease } from './folderLease';
import { runOffThread } from './offThread';
import { decodeSnapshot, encodeSnapshot, fsyncFolder, hashFile } from './snapshotCodec';
import type { CaptureFiles, CaptureMarker, SnapshotFolder } from './snapshotFolder';
import type { SnapshotHeader } from './snapshotHeader';
import { databaseFacts } from './snapshotWork';

/** A snapshot taken: its header and file, or (`unchanged`) the newest one, the database being as it was then. */
export interface TakenSnapshot {
  header: SnapshotHeader;
  file: string;
  sizeBytes: number;
  unchanged: boolean;
}

/** A copy of the database, on the disk now; verified and offered as a restore point when `verified` resolves. */
export interface CapturedSnapshot {
  /** Nothing changed since the last one: no new copy was made (`verified` is that one's). */
  unchanged: boolean;
  verified: Promise<TakenSnapshot>;
}

export class SnapshotFailed extends Error {
  constructor(
    readonly snapshot: string,
    readonly problem: string,
  ) {
    super(`The snapshot ${snapshot} failed its check and was kept aside: ${problem}`);
    this.name = 'SnapshotFailed';
  }
}

/** How long a snapshot waits for another instance that shares the folder to finish its own. */
const FOLDER_WAIT_MS = 10 * 60_000;

const since = (start: number) => Math.round(performance.now() - start);

/**
 * Taking a snapshot of the SQLite file, in two parts. The capture: one consistent copy (SQLite's
 * backup API from a read transaction of its own, the server serving meanwhile) into `.work/`,
 * synced, and marked whole; a change waits for this part only. Then, one at a time and one
 * instance at a time (the folder's lease): the copy checked as a restore would open it
 * (integrity_check, the main tables' rows, the schema), written compressed and encrypted
 * beside as a partial file, read back to prove it decodes to exactly the checked copy, and
 * only then named a restore point. One that fails its check goes to `failed/` and is never
 * offered. A process stopped between the two leaves a marked copy that the next start verifies
 * (`recover`), or an unmarked one that it removes. A database unchanged since the last snapshot
 * (the connection's own changes and SQLite's data_version, or the same content) gives no new one.
 */
export function createSqliteSnapshots({
  sqlite,
  folder,
  key,
  appVersion,
  log,
}: {
  sqlite: SqliteFile;
  folder: SnapshotFolder;
  key: string | undefined;
  appVersion: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}) {
  let last: {
    connection: unknown;
    changes: number;
    dataVersion: number;
    verified: Promise<TakenSnapshot>;
    /** Its restore point's name, once verified. */
    name: string | null;
  } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function fingerprint() {
    const connection = sqlite.connection();
    return {
      connection,
      changes: (connection.prepare('SELECT total_changes() AS n').get() as { n: number }).n,
      dataVersion: connection.pragma('data_version', { simple: true }) as number,
    };
  }

  async function keepAside(
    header: Omit<SnapshotHeader, 'encryption'>,
    plain: string,
    problem: string,
  ): Promise<void> {
    const failedFile = folder.failedFileOf(header.name);
    try {
      if (fs.existsSync(plain)) await encodeSnapshot(plain, { ...header, problem }, failedFile, key);
      else fs.writeFileSync(failedFile, '', { mode: 0o600 });
    } catch (error) {
      log.error({ err: error, snapshot: header.name }, 'the failed snapshot could not be kept aside');
    }
  }

  async function verifyAndName(
    files: CaptureFiles,
    marker: CaptureMarker,
    partial: string,
  ): Promise<TakenSnapshot> {
    const started = performance.now();
    const stagesMs: Record<string, number> = {};
    const plain = files.database;
    const name = folder.newName(new Date(marker.at), marker.kind);
    const facts = databaseFacts(plain);
    // the integrity_check (on a worker thread for a large file) while the copy is hashed, written and read back
    const integrity = runOffThread({ task: 'integrity', file: plain }, plain).then((problem) => {
      stagesMs.integrityCheck = since(started);
      return problem;
    });
    integrity.catch(() => undefined);
    let stage = performance.now();
    const { sha256, bytes } = await hashFile(plain);
    stagesMs.sha256 = since(stage);
    const header = {
      format: 1 as const,
      name,
      kind: marker.kind,
      reason: marker.reason,
      at: marker.at,
      appVersion,
      compression: 'gzip' as const,
      schema: facts.schema,
      counts: facts.counts,
      historyMaxId: facts.historyMaxId,
      databaseBytes: bytes,
      sha256,
    };
    const refuse = async (problem: string): Promise<never> => {
      await keepAside(header, plain, problem);
      throw new SnapshotFailed(name, problem);
    };
    // integrity_check says best what is wrong with a copy that cannot be read
    if (facts.problem) return refuse((await integrity) ?? facts.problem);
    const newest = (await folder.points())[0];
    if (newest && newest.header.sha256 === sha256) {
      await integrity;
      return { header: newest.header, file: newest.file, sizeBytes: newest.sizeBytes, unchanged: true };
    }
    stage = performance.now();
    const written = await encodeSnapshot(plain, header, partial, key);
    stagesMs.write = since(stage);
    stage = performance.now();
    // what was written reads back, with the key, as exactly the database checked
    const readBack = await decodeSnapshot(partial, key, null).catch((error: unknown) => ({
      sha256: `unreadable: ${error instanceof Error ? error.message : String(error)}`,
    }));
    stagesMs.readBack = since(stage);
    const problem = await integrity;
    if (problem) return refuse(problem);
    if (readBack.sha256 !== sha256)
      return refuse(
        `the written file does not read back as the database it was made of (${readBack.sha256.slice(0, 120)})`,
      );
    const file = folder.fileOf(name);
    await fs.promises.rename(partial, file);
    await fsyncFolder(folder.dir);
    const sizeBytes = (await fs.promises.stat(file)).size;
    log.info(
      {
        snapshot: name,
        kind: marker.kind,
        bytes: sizeBytes,
        counts: facts.counts,
        ms: since(started),
        stagesMs,
      },
      'snapshot taken and verified',
    );
    return { header: written, file, sizeBytes, unchanged: false };
  }

  /** Verifies a captured copy and names it a restore point, after those before it. */
  function enqueue(files: CaptureFiles, marker: CaptureMarker): Promise<TakenSnapshot> {
    const partial = folder.workFile(`${files.id}.adsnap.partial`);
    const verified = queue.then(async () => {
      try {
        const held = await withFolderLease(folder.dir, () => verifyAndName(files, marker, partial), {
          waitMs: FOLDER_WAIT_MS,
        });
        if (!held)
          throw new Error(
            `another instance kept ${folder.dir} busy for ${FOLDER_WAIT_MS / 60_000} minutes; the copy was dropped`,
          );
        return held.value;
      } finally {
        for (const file of [files.database, files.marker, partial])
          await fs.promises.rm(file, { force: true });
      }
    });
    queue = verified.catch(() => undefined);
    return verified;
  }

  /** The copy, synced and marked whole; answers what verifies it (see the factory's comment). */
  async function capture({
    kind,
    reason,
    at = new Date(),
  }: {
    kind: BackupKind;
    reason: string;
    at?: Date;
  }): Promise<CapturedSnapshot> {
    folder.prepare();
    const before = fingerprint();
    const previous = last;
    if (
      previous &&
      previous.connection === before.connection &&
      previous.changes === before.changes &&
      previous.dataVersion === before.dataVersion &&
      // still the newest point (the retention rule keeps it; nothing was restored over it)
      (previous.name === null || (await folder.points())[0]?.header.name === previous.name)
    )
      return {
        unchanged: true,
        verified: previous.verified.then((taken) => ({ ...taken, unchanged: true })),
      };

    const files = folder.captureFiles(
      `${at.toISOString().replace(/[:.]/g, '')}-${kind}-${randomBytes(3).toString('hex')}`,
    );
    const marker: CaptureMarker = { kind, reason, at: at.toISOString() };
    try {
      await captureDatabase(sqlite.path, files.database);
      await folder.markCaptured(files, marker);
    } catch (error) {
      await fs.promises.rm(files.database, { force: true });
      throw error;
    }
    const verified = enqueue(files, marker);
    const entry = { ...before, verified, name: null as string | null };
    last = entry;
    verified.then(
      (taken) => {
        entry.name = taken.header.name;
      },
      () => {
        if (last === entry) last = null;
      },
    );
    return { unchanged: false, verified };
  }

  return {
    capture,

    /** A snapshot now, verified and offered before this resolves. */
    async take(what: { kind: BackupKind; reason: string; at?: Date }): Promise<TakenSnapshot> {
      return (await capture(what)).verified;
    },

    /** The copies a stopped process had taken and marked whole: verified now, in order. */
    recover(): { kind: BackupKind; verified: Promise<TakenSnapshot> }[] {
      return folder.recoverWork().map(({ files, marker }) => {
        log.info(
          { kind: marker.kind, reason: marker.reason, at: marker.at },
          'a copy taken before the last stop is verified now',
        );
        return { kind: marker.kind, verified: enqueue(files, marker) };
      });
    },

    /** Every copy taken so far is verified (or failed). */
    async idle(): Promise<void> {
      let current: Promise<unknown>;
      do {
        current = queue;
        await current;
      } while (current !== queue);
    },

    /**
     * A snapshot's database written beside the live one, synced and checked, ready for
     * SqliteFile.replaceWith. Answers its path (the caller removes it if it is not used).
     */
    async unpack(file: string): Promise<{ header: SnapshotHeader; database: string }> {
      folder.prepare();
      const database = `${sqlite.path}.restoring`;
      await fs.promises.rm(database, { force: true });
      try {
        const { header, sha256 } = await decodeSnapshot(file, key, database);
        if (sha256 !== header.sha256)
          throw new SnapshotFailed(header.name, 'it does not read back as the database it was made of');
        const check = await runOffThread({ task: 'check', file: database }, database);
        if (check.problem) throw new SnapshotFailed(header.name, check.problem);
        await fsyncFolder(folder.dir);
        return { header, database };
      } catch (error) {
        await fs.promises.rm(database, { force: true });
        throw error;
      }
    },
  };
}

export type SqliteSnapshots = ReturnType<typeof createSqliteSnapshots>;
