import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../../../platform/files/privateFolder';
import { readSnapshotHeader } from './snapshotCodec';
import { SNAPSHOT_EXTENSION, type SnapshotHeader } from './snapshotHeader';

/** A snapshot file on this machine and what its header says. */
export interface LocalSnapshot {
  header: SnapshotHeader;
  file: string;
  sizeBytes: number;
}

/**
 * The snapshot folder (BACKUP_DIR, 0700): verified snapshots `<name>.adsnap` (the only
 * restore points), `failed/` (those that failed their check, kept aside), `.work/` (copies,
 * partial files and downloads under way: never a restore point, emptied at start).
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

  return {
    dir,
    workDir,
    failedDir,
    prepare,

    /** What a stopped snapshot, restore or download left in `.work/`: removed (none of it is a restore point). */
    clearWork(): void {
      prepare();
      for (const entry of fs.readdirSync(workDir))
        fs.rmSync(path.join(workDir, entry), { force: true, recursive: true });
    },

    fileOf: (name: string) => path.join(dir, `${name}${SNAPSHOT_EXTENSION}`),
    failedFileOf: (name: string) => path.join(failedDir, `${name}${SNAPSHOT_EXTENSION}`),
    workFile: (name: string) => path.join(workDir, name),

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
