import { formatCalendarDay, type SyncHistoryEntry } from '@auditdesk/shared';

/** Who or what started a run, as the history says it. */
export function startedByLabel(entry: Pick<SyncHistoryEntry, 'trigger' | 'startedBy'>): string {
  switch (entry.trigger) {
    case 'api':
      return entry.startedBy ?? 'A deleted user';
    case 'schedule':
      return 'Schedule (SYNC_CRON)';
    case 'cli':
      return 'Command line';
    case 'first-start':
      return 'First start';
  }
}

/** The synced range as the screens write days: `03/01/2025 – 03/31/2025`. */
export const rangeLabel = (entry: Pick<SyncHistoryEntry, 'startDate' | 'endDate'>) =>
  `${formatCalendarDay(entry.startDate)} – ${formatCalendarDay(entry.endDate)}`;

export const OUTCOMES: Record<SyncHistoryEntry['status'], { label: string; color: string }> = {
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  running: { label: 'Running', color: 'blue' },
};

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
