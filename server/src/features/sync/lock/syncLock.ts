/** A held sync lock: renewed while the run works, released when it ends. */
export interface SyncLease {
  /** true: still ours; false: lost (expired and taken by another); null: the lock cannot be reached now. */
  renew(): Promise<boolean | null>;
  /** Frees the lock if it is still ours; never throws (an unreleased lease expires by itself). */
  release(): Promise<void>;
}

/**
 * The one-run-at-a-time lock shared by every instance, in front of the sync_runs row
 * (which stays the record of the run and a second guard).
 */
export interface SyncLock {
  /** A lease, or null while another instance holds the lock; throws SyncLockUnavailable when it cannot be reached. */
  acquire(): Promise<SyncLease | null>;
}

export class SyncLockUnavailable extends Error {
  constructor(detail: string) {
    super(`A sync cannot start now: the sync lock cannot be taken. ${detail}`);
    this.name = 'SyncLockUnavailable';
  }
}
