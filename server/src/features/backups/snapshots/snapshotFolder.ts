import type { BackupKind } from '@auditdesk/shared/core';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../../../platform/files/privateFolder';
import { fsyncFile, fsyncFolder, readSnapshotHeader } from './snapshotCodec';
import { SNAPSHOT_EXTENSION, type SnapshotHeader } from './snapshotHeader';
import { ownerGone, ownName, untagged } from './workOwner';

/** A snapshot file on this machine and what its header says. */
export interface LocalSnapshot {
  header: SnapshotHeader;
  file: string;
  sizeBytes: number;
}

/** A copy of the database taken and synced, not verified yet: what it is a point of. */
export interface CaptureMarker {
  kind: BackupKind;
  reason: string;
  /** ISO 8601, when the database was read. */
  at: string;
}

/** A captured copy's files in `.work/`: the database, and the marker that says the copy is whole. */
export interface CaptureFiles {
  id: string;
  database: string;
  marker: string;
}

const CAPTURED = '.captured';

/**
 * The snapshot folder (BACKUP_DIR, 0700): verified snapshots `<name>.adsnap` (the only
 * restore points), `failed/` (those that failed their check, kept aside), `.work/` (copies,
 * partial files and downloads under way, each named after the process that works on it:
 * never a restore point).
 */
export function createSnapshotFolder(dir: string) {
  const failedDir = path.join(dir, 'failed');
  const workDir = path.join(dir, '.work');
  const headers = new Map<string, { mtimeMs: number; header: SnapshotHeader }>();

  function prepare(): void {
    ensurePrivateFolder(dir);
    ensurePrivateFolder(failedDir);
    ensurePrivateFolder(workDir);
  }

  async function read(folder: string): Promise<LocalSnapshot[]> {
    if (!fs.existsSync(folder)) return [];
    const found: LocalSnapshot[] = [];
    for (const entry of await fs.promises.readdir(folder)) {
      if (!entry.endsWith(SNAPSHOT_EXTENSION)) continue;
      const file = path.join(folder, entry);
      try {
        const stat = await fs.promises.stat(file);
        let known = headers.get(file);
        if (!known || known.mtimeMs !== stat.mtimeMs) {
          known = { mtimeMs: stat.mtimeMs, header: (await readSnapshotHeader(file)).header };
          headers.set(file, known);
        }
        found.push({ header: known.header, file, sizeBytes: stat.size });
      } catch {
        // removed meanwhile, or not a snapshot: not offered
      }
    }
    return found.sort(
      (a, b) => b.header.at.localeCompare(a.header.at) || b.header.name.localeCompare(a.header.name),
    );
  }

  const workFile = (name: string) => path.join(workDir, ownName(name));
  const captureFiles = (id: string): CaptureFiles => ({
    id,
    database: workFile(`${id}.db`),
    marker: workFile(`${id}${CAPTURED}`),
  });

  return {
    dir,
    workDir,
    failedDir,
    prepare,

    /**
     * What processes that are gone left in `.work/`: a captured copy whose marker says it is
     * whole is taken over by this process (renamed to its name) and answered, to be verified
     * and offered; the rest (a copy cut short, a partial snapshot, a download) is removed.
     * The work of instances still running is left alone.
     */
    recoverWork(): { files: CaptureFiles; marker: CaptureMarker }[] {
      prepare();
      const now = Date.now();
      const gone = fs.readdirSync(workDir).filter((entry) => {
        const stat = fs.statSync(path.join(workDir, entry), { throwIfNoEntry: false });
        return stat !== undefined && ownerGone(entry, stat.mtimeMs, now);
      });
      const adopted: { files: CaptureFiles; marker: CaptureMarker }[] = [];
      for (const entry of gone.filter((name) => name.endsWith(CAPTURED))) {
        const id = untagged(entry).slice(0, -CAPTURED.length);
        const database = entry.slice(0, -CAPTURED.length) + '.db';
        if (!gone.includes(database)) continue;
        const files = captureFiles(id);
        try {
          const marker = JSON.parse(fs.readFileSync(path.join(workDir, entry), 'utf8')) as CaptureMarker;
          // the database first: of two instances that start at once, one gets it
          fs.renameSync(path.join(workDir, database), files.database);
          fs.renameSync(path.join(workDir, entry), files.marker);
          adopted.push({ files, marker });
        } catch {
          // another instance took it over first, or the marker is unreadable: removed below
        }
      }
      for (const entry of gone) fs.rmSync(path.join(workDir, entry), { force: true, recursive: true });
      return adopted;
    },

    fileOf: (name: string) => path.join(dir, `${name}${SNAPSHOT_EXTENSION}`),
    failedFileOf: (name: string) => path.join(failedDir, `${name}${SNAPSHOT_EXTENSION}`),
    workFile,
    captureFiles,

    /** Says that the captured copy is whole and synced: written beside, synced, renamed. */
    async markCaptured(files: CaptureFiles, marker: CaptureMarker): Promise<void> {
      const beside = `${files.marker}.partial`;
      await fs.promises.writeFile(beside, JSON.stringify(marker), { mode: 0o600 });
      await fsyncFile(beside);
      await fs.promises.rename(beside, files.marker);
      await fsyncFolder(workDir);
    },

    /** The verified snapshots, newest first. */
    points: () => read(dir),
    failed: () => read(failedDir),

    /** A name no snapshot has: the time and the kind (2026-11-27T104233Z-import). */
    newName(at: Date, kind: string): string {
      const base = `${at.toISOString().slice(0, 19).replace(/:/g, '')}Z-${kind}`;
      for (let n = 1; ; n += 1) {
        const name = n === 1 ? base : `${base}-${n}`;
        if (
          !fs.existsSync(path.join(dir, `${name}${SNAPSHOT_EXTENSION}`)) &&
          !fs.existsSync(path.join(failedDir, `${name}${SNAPSHOT_EXTENSION}`))
        )
          return name;
      }
    },

    /** Bytes the folder takes (snapshots, failed ones, work under way), and the free bytes of its disk. */
    async usage(): Promise<{ usedBytes: number; freeBytes: number | null }> {
      let usedBytes = 0;
      for (const folder of [dir, failedDir, workDir]) {
        if (!fs.existsSync(folder)) continue;
        for (const entry of await fs.promises.readdir(folder)) {
          const stat = await fs.promises.stat(path.join(folder, entry)).catch(() => null);
          if (stat?.isFile()) usedBytes += stat.size;
        }
      }
      const free = await fs.promises.statfs(dir).catch(() => null);
      return { usedBytes, freeBytes: free ? free.bavail * free.bsize : null };
    },
  };
}

export type SnapshotFolder = ReturnType<typeof createSnapshotFolder>;
