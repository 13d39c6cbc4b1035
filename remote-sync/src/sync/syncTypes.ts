export interface SyncStatus {
  isRunning: boolean;
  runningRunId: number | null;
  lastSync: string | null;
  totalSyncs: number;
  successfulSyncs: number;
  failedSyncs: number;
}

export interface SyncHistoryEntry {
  id: number;
  success: boolean;
  message: string;
  syncedCount: number;
  timestamp: string;
  startDate: string;
  endDate: string;
}

export type { SyncResult } from '@auditdesk/shared';

export interface SyncRange {
  startDate: string;
  endDate: string;
}
