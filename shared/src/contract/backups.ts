import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Why a restore point exists: the schedule, a person's request, or a change that one undo
 * cannot take back (DESIGN.md section 22), taken just before it.
 */
export const BACKUP_KINDS = ['schedule', 'manual', 'migration', 'sync', 'import', 'bulk', 'restore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
/** The kinds taken before a change; they (and those taken on request) are kept BACKUP_KEEP_BEFORE_CHANGE_DAYS whatever the schedule's rule says. */
export const BEFORE_CHANGE_KINDS: readonly BackupKind[] = ['migration', 'sync', 'import', 'bulk', 'restore'];

/** A bulk change or delete of more leads than this is a change one undo cannot take back, so a restore point is made first. */
export const BULK_RESTORE_POINT_OVER = 5;

/** A restore point's name: what `pnpm restore <name>` and the Backups page use. */
export const restorePointName = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected the name of a restore point');

/** Where a SQLite snapshot's off-machine copy is. */
export const OFFSITE_STATES = ['copied', 'copying', 'failed', 'not-copied'] as const;
export type OffsiteState = (typeof OFFSITE_STATES)[number];

/** One point the database can be restored to. */
export const restorePoint = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** "Before the import of leads.xlsx by Jane Admin". */
  reason: z.string(),
  at: z.string(),
  /** SQLite: the snapshot's size on disk (compressed); null on D1. */
  sizeBytes: z.number().int().nullable(),
  /** The rows of the main tables when it was taken (verified snapshots, and D1 bookmarks). */
  counts: z.record(z.string(), z.number().int()),
  /** SQLite: opened apart and checked (integrity_check) before it was offered; D1: Cloudflare's bookmark. */
  verification: z.string(),
  encrypted: z.boolean(),
  /** On this machine (SQLite), and its copy off the machine (null: no bucket set, or D1). */
  local: z.boolean(),
  offsite: z.enum(OFFSITE_STATES).nullable(),
  offsiteProblem: z.string().nullable(),
});
export type RestorePoint = z.infer<typeof restorePoint>;

/** A snapshot that failed its check: kept aside, never offered. */
export const failedSnapshot = z.object({
  name: z.string(),
  at: z.string(),
  reason: z.string(),
  problem: z.string(),
});
export type FailedSnapshot = z.infer<typeof failedSnapshot>;

/** A restore, as it is recorded (and carried across later restores). */
export const restoreRecord = z.object({
  at: z.string(),
  by: z.string(),
  /** The point restored, and what it was. */
  point: z.string(),
  pointReason: z.string(),
  /** The point made just before it (restore to it to undo this one). */
  undoPoint: z.string().nullable(),
  /** Migrations applied to bring it up to this release. */
  migrated: z.array(z.string()),
});
export type RestoreRecord = z.infer<typeof restoreRecord>;

/** D1: an export of the whole database off Cloudflare, in the bucket (BACKUP_S3_URL), proven to rebuild a database. */
export const d1Export = z.object({
  name: z.string(),
  at: z.string(),
  reason: z.string(),
  sizeBytes: z.number().int(),
  /** The rows of the main tables of the database it rebuilds. */
  counts: z.record(z.string(), z.number().int()),
  verification: z.string(),
  encrypted: z.boolean(),
});
export type D1Export = z.infer<typeof d1Export>;

/** The Backups page. */
export const backupsOverview = z.object({
  engine: z.enum(['sqlite', 'd1']),
  /** BACKUP_CRON (null: off), its next run, and the time zone its hours are read in (the server's). */
  schedule: z.object({
    cron: z.string().nullable(),
    nextAt: z.string().nullable(),
    everyMs: z.number().nullable(),
    timeZone: z.string(),
  }),
  /** The newest restore point, and whether it is older than twice the schedule's interval. */
  lastGood: z.object({ name: z.string(), at: z.string(), ageMs: z.number(), stale: z.boolean() }).nullable(),
  points: z.array(restorePoint),
  failed: z.array(failedSnapshot),
  /** SQLite: the snapshot folder's use of the disk. */
  disk: z
    .object({ usedBytes: z.number(), freeBytes: z.number().nullable(), snapshots: z.number().int() })
    .nullable(),
  /** The bucket (no credentials), and uploads that are failing now. */
  offsite: z
    .object({ target: z.string(), failing: z.number().int(), lastProblem: z.string().nullable() })
    .nullable(),
  encrypted: z.boolean(),
  /** D1: Time Travel restores to any minute of the last 30 days. */
  timeTravelDays: z.number().int().nullable(),
  /** D1 with BACKUP_S3_URL: the exports off Cloudflare, newest first (null: none are made). */
  exports: z.array(d1Export).nullable(),
  restores: z.array(restoreRecord),
  /** A backup or a restore is running now. */
  busy: z.string().nullable(),
});
export type BackupsOverview = z.infer<typeof backupsOverview>;

/** "Back up now": the point made, or the newest one when nothing changed since. */
export const backupNowResult = z.object({ point: restorePoint, unchanged: z.boolean() });
export type BackupNowResult = z.infer<typeof backupNowResult>;

/** A restore to a named point, or (D1: the minute itself; SQLite: the newest point at or before it) to a time. */
export const restoreRequest = z
  .strictObject({ point: restorePointName.optional(), at: isoDateTime.optional() })
  .refine((request) => (request.point === undefined) !== (request.at === undefined), {
    message: 'Name either a restore point or a time.',
  });
export type RestoreRequest = z.output<typeof restoreRequest>;

/** What a restore to that point loses: the changes made after it. */
export const restoreImpact = z.object({
  point: z.string(),
  at: z.string(),
  /** Field changes of leads recorded after it (edits, syncs, imports, bulk changes). */
  leadChanges: z.number().int(),
  /** Other records changed after it (people, views, preferences, runs). */
  otherChanges: z.number().int(),
});
export type RestoreImpact = z.infer<typeof restoreImpact>;

export const restorePointParams = z.strictObject({ name: restorePointName });
