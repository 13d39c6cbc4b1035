import type { BackupKind } from '@auditdesk/shared/core';
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import type { SqliteFile } from '../../../platform/db/sqlite/sqliteFile';
import { runOffThread } from './offThread';
import { decodeSnapshot, encodeSnapshot, fsyncFolder, hashFile } from './snapshotCodec';
import type { SnapshotFolder } from './snapshotFolder';
import type { SnapshotHeader } from './snapshotHeader';
import type { DatabaseCheck } from './snapshotWork';

/** A snapshot taken: its header and file, or (`unchanged`) the newest one, the database being as it was then. */
export interface TakenSnapshot {
  header: SnapshotHeader;
  file: string;
  sizeBytes: number;
  unchanged: boolean;
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

/**
 * Taking a snapshot of the SQLite file: one consistent copy (VACUUM INTO, off this thread for
 * a large file), checked as a restore would open it (integrity_check, the main tables' rows,
 * the schema), written compressed and encrypted beside as a partial file, read back to prove
 * it decodes to exactly the checked copy, and only then named a restore point. One that fails
 * its check goes to `failed/` and is never offered. A database unchanged since the last
 * snapshot (the connection's own changes and SQLite's data_version, or the same content) gives
 * no new one.
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
  let last: { connection: unknown; changes: number; dataVersion: number; name: string } | null = null;

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

  return {
    async take({
      kind,
      reason,
      at = new Date(),
    }: {
      kind: BackupKind;
      reason: string;
      at?: Date;
    }): Promise<TakenSnapshot> {
      folder.prepare();
      const before = fingerprint();
      const newest = (await folder.points())[0];
      if (
        newest &&
        last &&
        last.name === newest.header.name &&
        last.connection === before.connection &&
        last.changes === before.changes &&
        last.dataVersion === before.dataVersion
      )
        return { header: newest.header, file: newest.file, sizeBytes: newest.sizeBytes, unchanged: true };

      const name = folder.newName(at, kind);
      const plain = folder.workFile(`${name}.db`);
      const partial = folder.workFile(`${name}.adsnap.partial`);
      const base = {
        format: 1 as const,
        name,
        kind,
        reason,
        at: at.toISOString(),
        appVersion,
        compression: 'gzip' as const,
      };
      try {
        await runOffThread({ task: 'copy', source: sqlite.path, target: plain }, sqlite.path);
        const check = (await runOffThread({ task: 'check', file: plain }, plain)) as DatabaseCheck;
        const { sha256, bytes } = await hashFile(plain);
        const header = {
          ...base,
          schema: check.schema,
          counts: check.counts,
          historyMaxId: check.historyMaxId,
          databaseBytes: bytes,
          sha256,
        };
        if (check.problem) {
          await keepAside(header, plain, check.problem);
          throw new SnapshotFailed(name, check.problem);
        }
        if (newest && newest.header.sha256 === sha256) {
          last = { ...before, name: newest.header.name };
          return { header: newest.header, file: newest.file, sizeBytes: newest.sizeBytes, unchanged: true };
        }
        const written = await encodeSnapshot(plain, header, partial, key);
        // what was written reads back, with the key, as exactly the database checked above
        const readBack = await decodeSnapshot(partial, key, null).catch((error: unknown) => ({
          sha256: `unreadable: ${error instanceof Error ? error.message : String(error)}`,
        }));
        if (readBack.sha256 !== sha256) {
          const problem = `the written file does not read back as the database it was made of (${readBack.sha256.slice(0, 120)})`;
          await keepAside(header, plain, problem);
          throw new SnapshotFailed(name, problem);
        }
        const file = folder.fileOf(name);
        await fs.promises.rename(partial, file);
        await fsyncFolder(folder.dir);
        last = { ...before, name };
        const sizeBytes = (await fs.promises.stat(file)).size;
        log.info(
          { snapshot: name, kind, bytes: sizeBytes, counts: check.counts },
          'snapshot taken and verified',
        );
        return { header: written, file, sizeBytes, unchanged: false };
      } finally {
        await fs.promises.rm(plain, { force: true });
        await fs.promises.rm(partial, { force: true });
      }
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
        const check = (await runOffThread({ task: 'check', file: database }, database)) as DatabaseCheck;
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
