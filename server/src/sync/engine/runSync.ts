import type { AppDatabase } from '../../db/openDatabase';
import { describeWait } from '../../http/retryingFetch';
import { rangeBounds, type CalendarSource } from '../calendar/calendarEvent';
import { writeLeads } from '../database/writeLeads';
import type { LeadRecord } from '../parser/leadRecord';
import { parseEvent } from '../parser/parseEvent';
import type { SpreadsheetSink } from '../spreadsheet/spreadsheetSink';
import type { SyncProgress } from './syncProgress';
import type { SyncRange } from './syncRange';

export interface SyncDependencies {
  db: AppDatabase;
  source: CalendarSource;
  spreadsheet: SpreadsheetSink;
  auditors: readonly string[];
}

export interface SyncOutcome {
  success: boolean;
  message: string;
  eventsProcessed: number;
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  /** Events the calendar held that could not be read (reported, skipped). */
  problems: { uid: string; summary: string; message: string }[];
}

/** Leads sharing a leadId (a calendar quirk) would fight over one row: the last one wins. */
function distinctByLeadId(leads: LeadRecord[]): LeadRecord[] {
  return [...new Map(leads.map((lead) => [lead.leadId, lead])).values()];
}

function summary(outcome: Omit<SyncOutcome, 'success' | 'message' | 'problems'>, problems: number): string {
  const changed = outcome.eventsCreated + outcome.eventsUpdated + outcome.eventsDeleted;
  const skipped =
    problems > 0 ? ` ${problems} event${problems === 1 ? '' : 's'} could not be read and were skipped.` : '';
  if (changed === 0)
    return `Nothing changed: ${outcome.eventsProcessed} events already up to date.${skipped}`;
  return `Synced ${outcome.eventsProcessed} events: ${outcome.eventsCreated} created, ${outcome.eventsUpdated} updated, ${outcome.eventsDeleted} deleted.${skipped}`;
}

/**
 * One run: calendar → spreadsheet → database, each step reported as it goes. A failure
 * in any step ends the run with SyncError and SyncCompleted(false); the database is
 * written last and in one transaction, so a failed run leaves it as it was.
 */
export async function runSync(
  deps: SyncDependencies,
  range: SyncRange,
  progress: SyncProgress,
): Promise<SyncOutcome> {
  const bounds = rangeBounds(range);
  progress.syncStarted();
  try {
    progress.stepStarted('calendar', `Reading events from ${deps.source.description}`);
    const read = await deps.source.events(range, (wait) =>
      progress.stepProgress('calendar', 0, describeWait(wait)),
    );
    const leads = distinctByLeadId(read.events.map((event) => parseEvent(event, deps.auditors)));
    progress.stepProgress(
      'calendar',
      100,
      `${leads.length} events between ${range.startDate} and ${range.endDate}`,
    );
    progress.stepCompleted('calendar', leads.length);

    const syncedAt = new Date().toISOString();
    progress.stepStarted(
      'spreadsheet',
      `Writing ${leads.length} leads to the ${deps.spreadsheet.description}`,
    );
    let sheetPercentage = 0;
    const sheet = await deps.spreadsheet.write(
      leads,
      bounds,
      syncedAt,
      (percentage, message) => {
        sheetPercentage = percentage;
        progress.stepProgress('spreadsheet', percentage, message);
      },
      (wait) => progress.stepProgress('spreadsheet', sheetPercentage, describeWait(wait)),
    );
    progress.stepCompleted('spreadsheet', sheet.written + sheet.removed);

    progress.stepStarted('database', `Saving ${leads.length} leads to the database`);
    const saved = writeLeads(deps.db, leads, bounds, syncedAt);
    progress.stepProgress(
      'database',
      100,
      `${saved.created} created, ${saved.updated} updated, ${saved.deleted} deleted`,
    );
    progress.stepCompleted('database', saved.created + saved.updated + saved.deleted);

    const counts = {
      eventsProcessed: leads.length,
      eventsCreated: saved.created,
      eventsUpdated: saved.updated,
      eventsDeleted: saved.deleted,
    };
    const message = summary(counts, read.problems.length);
    progress.syncCompleted(true, message, leads.length);
    return { success: true, message, ...counts, problems: read.problems };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    progress.syncError(message);
    progress.syncCompleted(false, message, 0);
    return {
      success: false,
      message,
      eventsProcessed: 0,
      eventsCreated: 0,
      eventsUpdated: 0,
      eventsDeleted: 0,
      problems: [],
    };
  }
}
