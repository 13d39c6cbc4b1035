import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';

const HOST = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/**
 * This process, as the files it works on in the snapshot folder name it: its machine, its pid,
 * and a mark of this start (a later start may be given the same pid, as a container's first
 * process always is).
 */
export const OWN_TAG = `${HOST}-${process.pid}-${randomBytes(3).toString('hex')}`;
const TAG = /^([0-9a-f]{8})-(\d+)-([0-9a-f]{6})\./;
/** Another machine's work file untouched this long belongs to an instance that is gone. */
const FOREIGN_STALE_MS = 60 * 60_000;

/** Whether a process of this machine no longer runs. */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Whether the process that made a work file (`<tag>.<rest>`) is gone, so the file is no one's. */
export function ownerGone(entry: string, mtimeMs: number, now = Date.now()): boolean {
  if (entry.startsWith(`${OWN_TAG}.`)) return false;
  const tag = TAG.exec(entry);
  // an older release's file, or no one's
  if (!tag) return true;
  const [, host, pid] = tag;
  if (host !== HOST) return now - mtimeMs > FOREIGN_STALE_MS;
  return Number(pid) === process.pid || processGone(Number(pid));
}

/** The name a work file of this process has. */
export const ownName = (name: string) => `${OWN_TAG}.${name}`;
/** A work file's name without its owner's tag. */
export const untagged = (entry: string) => entry.replace(TAG, '');
