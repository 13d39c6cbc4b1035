export interface SyncStatus {
  isRunning: boolean;
  runningRunId: number | null;
  lastSync: string | null;
  totalSyncs: number;
  successfulSyncs: number;
  failedSyncs: number;
}

export type { SyncResult } from '@auditdesk/shared';

export interface SyncRange {
  startDate: string;
  endDate: string;
}

/** Who or what started a run. */
export type SyncTrigger = 'api' | 'cli' | 'schedule' | 'first-start';

/** A run as GET /api/sync/history answers it. */
export interface SyncHistoryEntry {
  id: number;
  success: boolean;
  status: 'running' | 'succeeded' | 'failed';
  message: string;
  syncedCount: number;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  /** yyyy-mm-dd, both inclusive */
  startDate: string;
  endDate: string;
  trigger: SyncTrigger;
  /** The user's name when a person started it. */
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
}

export interface SyncHistoryPage {
  items: SyncHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
}
