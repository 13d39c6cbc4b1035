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

export type { SyncHistoryEntry, SyncHistoryPage } from '@auditdesk/shared';
