import type { BackupKind, FailedSnapshot, RestorePoint } from '@auditdesk/shared/core';
import type { SchemaLevel } from '../../platform/db/migrationState';

/** A restore point as the service sees it: what the page shows, and what a restore needs to know. */
export interface EnginePoint extends RestorePoint {
  schema: SchemaLevel;
  historyMaxId: number;
}

/** A restore, ready to be put in place: everything slow is done (downloaded, decoded, checked). */
export interface PreparedRestore {
  point: EnginePoint;
  /** Puts it in place and migrates it forward; answers the migrations applied. Runs while no request does. */
  swap(): Promise<string[]>;
  /** Not used after all: what was prepared is removed. */
  discard(): Promise<void>;
}

/** Where a restore goes: a named point, or a time (the newest point at or before it; on D1 the minute itself). */
export type RestoreTarget = { point: string } | { at: Date };

/** What one database engine does for backups; the service does the rest alike on both. */
export interface BackupEngine {
  readonly engine: 'sqlite' | 'd1';
  /** A restore point now, offered before this resolves (`unchanged`: the newest one still is the database). */
  point(kind: BackupKind, reason: string): Promise<{ point: EnginePoint; unchanged: boolean }>;
  /**
   * A restore point before a change: resolves as soon as the change may go on (SQLite: the
   * database's copy is on the disk; D1: the bookmark is recorded), with what resolves once the
   * point is verified and offered (or rejects: it failed, and is not offered).
   */
  pointBeforeChange(
    kind: BackupKind,
    reason: string,
  ): Promise<{ verified: Promise<{ point: EnginePoint; unchanged: boolean }> }>;
  /** The points a stopped process had begun (SQLite: copies taken, not verified yet): verified now. */
  resume(): { kind: BackupKind; verified: Promise<unknown> }[];
  /** Every restore point, newest first. */
  points(): Promise<EnginePoint[]>;
  failed(): Promise<FailedSnapshot[]>;
  prepare(target: RestoreTarget): Promise<PreparedRestore>;
  /** The snapshot folder's use of the disk (SQLite). */
  disk(): Promise<{ usedBytes: number; freeBytes: number | null; snapshots: number } | null>;
  offsite(): { target: string; failing: number; lastProblem: string | null } | null;
  /** Removes what the retention rule no longer keeps. */
  prune(): Promise<void>;
  /** The points being verified and the copies under way are done (the command line waits before it exits). */
  settled(): Promise<void>;
  close(): void;
}

export class RestorePointNotFound extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'RestorePointNotFound';
  }
}

/** A point that cannot be restored by this server, with the reason (a newer release's, a wrong key). */
export class RestoreRefused extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'RestoreRefused';
  }
}
