export type { SyncHistoryEntry, SyncHistoryPage, SyncRange, SyncResult, SyncStatus } from '@auditdesk/shared';
