/** A held sync lock: renewed while the run works, released when it ends. */
export interface SyncLease {
  /** Says which run holds the lock, once its row exists: another instance can then tell whether that run is over. */
  bind(runId: number): Promise<void>;
  /** true: still ours; false: lost (expired and taken by another); null: the lock cannot be reached now. */
  renew(): Promise<boolean | null>;
  /** Frees the lock if it is still ours; never throws (an unreleased lease expires by itself). */
  release(): Promise<void>;
}

/** Who holds the lock: the run it bound (null until its row exists), and the value that names the holding. */
export interface LockHolder {
  runId: number | null;
  value: string;
}

/**
 * The one-run-at-a-time lock shared by every instance, in front of the sync_runs row
 * (which stays the record of the run, and the authority: see takeFrom).
 */
export interface SyncLock {
  /** A lease, or null while another instance holds the lock; throws SyncLockUnavailable when it cannot be reached. */
  acquire(): Promise<SyncLease | null>;
  /** The lock's holder now; null when it is free. */
  holder(): Promise<LockHolder | null>;
  /**
   * Takes the lock from `holder`, whose run the database says is over (failed as stalled or
   * interrupted while its instance may still hold the lock): null when it changed hands meanwhile.
   */
  takeFrom(holder: LockHolder): Promise<SyncLease | null>;
}

export class SyncLockUnavailable extends Error {
  constructor(detail: string) {
    super(`A sync cannot start now: the sync lock cannot be taken. ${detail}`);
    this.name = 'SyncLockUnavailable';
  }
}
