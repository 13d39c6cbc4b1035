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

export interface SyncResult {
  success: boolean;
  message: string;
  eventsProcessed: number;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  startDate: string;
  endDate: string;
  timestamp: string;
}

export interface SyncRange {
  startDate: string;
  endDate: string;
}
