import { z } from 'zod';
import { isoDay } from './common';
import { ROLES, SYNC_RUN_STATUSES, SYNC_STEP_IDS, SYNC_TRIGGERS } from './vocabulary';

export const syncRange = z.object({ startDate: isoDay, endDate: isoDay });
export type SyncRange = z.infer<typeof syncRange>;

/** `{ startDate, endDate }`; PascalCase (`StartDate`, `EndDate`) accepted too; both or neither. */
export const executeBody = z
  .strictObject({
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    StartDate: isoDay.optional(),
    EndDate: isoDay.optional(),
  })
  .nullish()
  .transform((body) => ({
    startDate: body?.startDate ?? body?.StartDate,
    endDate: body?.endDate ?? body?.EndDate,
  }))
  .refine(
    (range) => Boolean(range.startDate) === Boolean(range.endDate),
    'Give both a start date and an end date, or neither.',
  );

const count = z.number().int().min(0);

/** An event the calendar held that could not be read (reported, skipped). */
export const eventProblem = z.object({ uid: z.string(), summary: z.string(), message: z.string() });
export type EventProblem = z.infer<typeof eventProblem>;

/**
 * The six counters of a run, as the server counts and records them (sync_runs' columns):
 * events read from the calendar, leads created, updated and deleted in the database, and
 * spreadsheet rows written and removed.
 */
export const syncCounts = z.object({
  eventsProcessed: count,
  eventsCreated: count,
  eventsUpdated: count,
  eventsDeleted: count,
  sheetWritten: count,
  sheetRemoved: count,
});
export type SyncCounts = z.infer<typeof syncCounts>;
export const SYNC_COUNTS = syncCounts.keyof().options;

/** The counters as a result and a history entry show them (spec section 3). */
const shownCounts = z.object({
  /** The shorter form's name for eventsProcessed. */
  syncedCount: count,
  eventsCreated: count,
  eventsUpdated: count,
  eventsDeleted: count,
  spreadsheet: z.object({ written: count, removed: count }),
});
type ShownCounts = z.infer<typeof shownCounts>;

/** A run's counters in the form the result and the history show them. */
export function showCounts(counts: SyncCounts): ShownCounts {
  return {
    syncedCount: counts.eventsProcessed,
    eventsCreated: counts.eventsCreated,
    eventsUpdated: counts.eventsUpdated,
    eventsDeleted: counts.eventsDeleted,
    spreadsheet: { written: counts.sheetWritten, removed: counts.sheetRemoved },
  };
}

/** The answer of POST /sync/execute (spec section 3 "Sync result"), with what each step changed. */
export const syncResult = shownCounts.extend({
  success: z.boolean(),
  message: z.string(),
  eventsProcessed: count,
  startDate: z.string(),
  endDate: z.string(),
  timestamp: z.string(),
  runId: z.number().int(),
  problems: z.array(eventProblem),
});
export type SyncResult = z.infer<typeof syncResult>;

const runningRun = z.object({
  id: z.number().int(),
  trigger: z.enum(SYNC_TRIGGERS),
  stage: z.enum(SYNC_STEP_IDS).nullable(),
  startedAt: z.string(),
  /** When it last reported progress (its start, before the first). */
  lastProgressAt: z.string(),
  /** When it is failed as stalled if no progress comes before (SYNC_STALL_MINUTES after the last). */
  stopsAt: z.string(),
});

export const syncStatus = z.object({
  isRunning: z.boolean(),
  runningRunId: z.number().int().nullable(),
  running: runningRun.nullable(),
  lastSync: z.string().nullable(),
  totalSyncs: count,
  successfulSyncs: count,
  failedSyncs: count,
  /** The roles that may start a run (the server's SYNC_ROLES); everyone reads the status. */
  startRoles: z.array(z.enum(ROLES)),
});
export type SyncStatus = z.infer<typeof syncStatus>;

/** A history entry (spec section 3) with the run's details. */
export const syncHistoryEntry = shownCounts.extend({
  id: z.number().int(),
  success: z.boolean(),
  status: z.enum(SYNC_RUN_STATUSES),
  message: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  trigger: z.enum(SYNC_TRIGGERS),
  userId: z.number().int().nullable(),
  source: z.string(),
  sink: z.string(),
  stage: z.enum(SYNC_STEP_IDS).nullable(),
  /** The name of the user who started it (trigger 'api'); null for the others or a deleted user. */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** How long it ran; null while it runs. */
  durationMs: count.nullable(),
  timestamp: z.string(),
});
export type SyncHistoryEntry = z.infer<typeof syncHistoryEntry>;

export const syncHistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** One page of the history, newest first, and how many runs there are in all. */
export const syncHistoryPage = z.object({
  items: z.array(syncHistoryEntry),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SyncHistoryPage = z.infer<typeof syncHistoryPage>;
