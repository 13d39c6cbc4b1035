import type { SyncRange } from '@auditdesk/shared/core';
import type { CalendarEvent, CalendarSource } from '../../src/features/calendar/calendarEvent';
import type { RunProgress } from '../../src/features/sync/engine/syncProgress';
import { progressFrom } from '../../src/features/sync/engine/syncProgress';
import type { LeadsRepository } from '../../src/features/leads/repository/leadsRepository';
import { createSyncInstance, type SyncInstanceOptions } from '../../src/features/sync/syncService';
import type { SpreadsheetSink } from '../../src/features/sync/spreadsheet/spreadsheetSink';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';

export const MARCH: SyncRange = { startDate: '2025-03-01', endDate: '2025-03-31' };
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a test freezes a run: `wait` holds whoever calls it until `open`; `arrived` says someone waits. */
export function gate() {
  let open = () => {};
  let reached = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return {
    arrived,
    open: () => open(),
    async wait() {
      reached();
      await opened;
    },
  };
}

/** The leads as a run uses them, its spreadsheet step held at `frozen` (its first call there reads the office's values). */
export const frozenInSpreadsheetStep = (
  leads: LeadsRepository,
  frozen: ReturnType<typeof gate>,
): LeadsRepository => ({
  ...leads,
  asOfficeSees: async (chunks) => {
    await frozen.wait();
    return leads.asOfficeSees(chunks);
  },
});

/** `count` appointments in March 2025 named `<tag> <n>`, `comments` long (staged in several chunks on D1 when large). */
export function marchEvents(tag: string, count: number, notesLength = 0): CalendarEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    leadId: `event-${index}`,
    summary: `${tag} ${index}`,
    description: `Auditor: Sam Rivera\nHouse Type: 2 Family${notesLength ? `\nNotes: ${tag.repeat(notesLength / tag.length)}` : ''}`,
    url: '',
    location: '',
    start: new Date(Date.UTC(2025, 2, 1 + (index % 28), 14)),
    end: null,
    allDay: false,
    cancelled: false,
  }));
}

/** A calendar that hands its events on in batches of `batch`, each after `beforeBatch` (a test's freeze). */
export function testCalendar(
  events: CalendarEvent[],
  {
    batch = events.length || 1,
    beforeBatch,
  }: { batch?: number; beforeBatch?: (index: number) => Promise<void> } = {},
): CalendarSource & { taken: number } {
  const calendar = {
    description: 'test calendar',
    taken: 0,
    async events(_range: SyncRange, _onWait?: unknown, onEvents?: (events: CalendarEvent[]) => void) {
      for (let from = 0, index = 0; from < events.length; from += batch, index += 1) {
        await beforeBatch?.(index);
        const part = events.slice(from, from + batch);
        onEvents!(part);
        calendar.taken += part.length;
      }
      return { events: [], problems: [] };
    },
  };
  return calendar;
}

/** What an instance told the hub (each event with its run id, last) and the bells. */
export function recorder() {
  const heard: unknown[][] = [];
  const notified: { success: boolean; message: string }[] = [];
  const progress: RunProgress = (runId) => progressFrom((event, args) => heard.push([event, ...args, runId]));
  return {
    heard,
    notified,
    progress,
    notifier: {
      syncFinished: async (result: { success: boolean; message: string }) => {
        notified.push({ success: result.success, message: result.message });
      },
    },
  };
}

/**
 * One instance of the sync on a shared database (createSyncInstance, as the app builds it),
 * with its own calendar, spreadsheet, leads, lease and stall times and lock; what it tells the
 * hub and the bells is recorded, unless it is given where to tell it.
 */
export function syncInstance(
  options: Omit<SyncInstanceOptions, 'dependencies' | 'progress' | 'notifier'> &
    Partial<Pick<SyncInstanceOptions, 'progress' | 'notifier'>> & {
      leads: LeadsRepository;
      source: CalendarSource;
      spreadsheet: SpreadsheetSink;
    },
) {
  const { leads, source, spreadsheet, ...rest } = options;
  const told = recorder();
  const instance = createSyncInstance({
    progress: told.progress,
    notifier: told.notifier,
    ...rest,
    dependencies: { leads, source, spreadsheet, auditors: ['Sam Rivera'], limits: DEFAULT_CALENDAR_LIMITS },
  });
  return { ...instance, ...told };
}
