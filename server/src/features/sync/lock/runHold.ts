/**
 * What a run's steps ask of its lease: whether the run still holds it, before each chunk of
 * work and right before anything it writes replaces what another run may have written.
 */
export interface RunHold {
  readonly runId: number;
  /** Throws RunStopped once the run is known to have lost its lease (no I/O: between chunks). */
  throwIfLost(): void;
  /**
   * Between chunks of a long step: throwIfLost, and where asking costs nothing (SQLite, a
   * local read) the run's row itself, so a verdict from another instance stops it at once.
   */
  checkpoint(): Promise<void>;
  /** Asks the database whether the run still holds the lease; throws RunStopped if not. */
  checkOwned(): Promise<void>;
  /**
   * Runs `replace` only while the run still holds the lease, else throws RunStopped: on
   * SQLite inside the write transaction that checks it (no other instance can fail the run
   * in between), on D1 right after the check.
   */
  whileOwned<T>(replace: () => T): Promise<T>;
}

export class RunStopped extends Error {
  override name = 'RunStopped';
  constructor() {
    super(
      'This sync was stopped: it no longer holds its lease (it stalled, or another instance took over); nothing more was written.',
    );
  }
}
