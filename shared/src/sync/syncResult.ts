/** The answer of POST /api/sync/execute (spec section 3, "Sync result"). */
export interface SyncResult {
  success: boolean;
  message: string;
  eventsProcessed: number;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  /** The shorter form's name for eventsProcessed. */
  syncedCount: number;
  startDate: string;
  endDate: string;
  timestamp: string;
  runId: number;
  /** Events the calendar held that could not be read (reported, skipped). */
  problems: { uid: string; summary: string; message: string }[];
}
