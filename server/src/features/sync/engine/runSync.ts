import { rootDatabaseError } from '../../../platform/db/databaseUnavailable';
import { formatCalendarDay, type SyncCounts, type SyncRange, type SyncResult } from '@auditdesk/shared/core';
import type { LeadsRepository } from '../../leads/repository/leadsRepository';
import { createRunLeads, type RunLeads } from './runLeads/runLeads';
import { describeWait } from '../../../platform/http/retryingFetch';
import {
  rangeBounds,
  type CalendarReadResult,
  type CalendarSource,
  type EventProblem,
  type EventsListener,
} from '../../calendar/calendarEvent';
import type { CalendarLimits } from '../../../platform/config/calendarLimits';
import { checkCalendarLimits } from './checkCalendarLimits';
import { parseAndHash, type ParsedEventsMemo } from './runLeads/parsedEventsMemo';
import type { RunHold } from '../lock/runHold';
import type { SpreadsheetSink } from '../spreadsheet/spreadsheetSink';
import { runHash, sourceHash } from './runHash';
import { describeOutcome } from './describeOutcome';
import type { SyncProgress } from './syncProgress';

export interface SyncDependencies {
  leads: LeadsRepository;
  source: CalendarSource;
  spreadsheet: SpreadsheetSink;
  auditors: readonly string[];
  /** What one run may take from the calendar (untrusted input). */
  limits: CalendarLimits;
  /** Leads a run holds in memory before it keeps them on disk (SYNC_LEADS_IN_MEMORY). */
  leadsInMemory?: number;
  /** The last run's leads by their events, for the next run of the same instance. */
  parsedEvents?: ParsedEventsMemo;
}

export interface SyncRunContext {
  runId: number;
  range: SyncRange;
  /** The fingerprints and event count of the previous run, when it succeeded; null otherwise. */
  previous: { runHash: string | null; sourceHash: string | null; eventsProcessed: number } | null;
  /**
   * The run's hold on its lease: asked between chunks (a run another instance failed stops
   * there) and right before anything it writes replaces another run's output.
   */
  hold: RunHold;
  /**
   * The restore point taken before the run (DESIGN.md section 22), under way while the
   * calendar is read: awaited before anything is written, and before a run that writes
   * nothing ends; its failure is the run's.
   */
  restorePoint?: Promise<void>;
}

/** How a run ended: the contract's verdict and counters, and what the next run compares against. */
export interface SyncOutcome extends SyncCounts, Pick<SyncResult, 'success' | 'message' | 'problems'> {
  /** The live leads needing review after a run that wrote to the database (its notification links to them). */
  needsReview?: number;
  runHash: string | null;
  sourceHash: string | null;
  /** Why it failed, for the server's log: may name paths and URLs the message leaves out. */
  cause?: unknown;
}

/**
 * The run's leads as its events arrive (in batches, while the calendar is still being read):
 * each checked against the limits, parsed and fingerprinted (or found as the last run left
 * them: parsedEventsMemo), and kept in `leads` (runLeads: in memory, or on disk past a usual
 * run's size).
 */
function collectLeads(
  deps: Pick<SyncDependencies, 'auditors' | 'limits' | 'parsedEvents'>,
  leads: RunLeads,
  hold: RunHold,
) {
  const parse = deps.parsedEvents?.begin(deps.auditors) ?? ((event) => parseAndHash(event, deps.auditors));
  let events = 0;
  const take: EventsListener = (batch) => {
    hold.throwIfLost();
    checkCalendarLimits(batch, deps.limits, events);
    events += batch.length;
    leads.add(batch.map(parse));
  };
  return take;
}

/** A run that ended in `message` and changed nothing. */
export const failedOutcome = (message: string, cause?: unknown): SyncOutcome => ({
  success: false,
  message,
  cause,
  eventsProcessed: 0,
  eventsCreated: 0,
  eventsUpdated: 0,
  eventsDeleted: 0,
  sheetWritten: 0,
  sheetRemoved: 0,
  problems: [],
  runHash: null,
  sourceHash: null,
});

/**
 * One run: calendar → spreadsheet → database, each step reported as it goes. A run whose
 * leads, data and sheet are exactly as the last successful run left them writes nothing
 * and reads neither the sheet nor the leads. A failure in any step ends the run with
 * SyncError and SyncCompleted(false); the spreadsheet is replaced only while the run holds
 * its lease, and the database is written last and atomically, so a failed run leaves both
 * as they were (but Google Sheets' hidden scratch sheet, which the next run removes).
 */
export async function runSync(
  deps: SyncDependencies,
  run: SyncRunContext,
  progress: SyncProgress,
): Promise<SyncOutcome> {
  const { range } = run;
  const bounds = rangeBounds(range);
  progress.syncStarted();
  const unchanged = (
    eventsProcessed: number,
    problems: EventProblem[],
    hashes: Pick<SyncOutcome, 'runHash' | 'sourceHash'>,
  ): SyncOutcome => {
    for (const step of ['spreadsheet', 'database'] as const) {
      progress.stepStarted(step, 'Checking for changes');
      progress.stepProgress(step, 100, 'Already up to date');
      progress.stepCompleted(step, 0);
    }
    const counts = {
      eventsProcessed,
      eventsCreated: 0,
      eventsUpdated: 0,
      eventsDeleted: 0,
      sheetWritten: 0,
      sheetRemoved: 0,
    };
    const message = describeOutcome(counts, problems.length);
    progress.syncCompleted(true, message, eventsProcessed);
    return { success: true, message, ...counts, problems, ...hashes };
  };
  const leads = createRunLeads({ spillAt: deps.leadsInMemory });
  try {
    progress.stepStarted('calendar', `Reading events from ${deps.source.description}`);
    const onWait = (wait: Parameters<typeof describeWait>[0]) =>
      progress.stepProgress('calendar', 0, describeWait(wait));
    const sheetBefore = await deps.spreadsheet.fingerprint();
    // what the previous run left: only worth reading when the sheet can say whether it changed
    const versionBefore = sheetBefore === null ? null : await deps.leads.dataVersion();
    let read: CalendarReadResult;
    let fingerprint: string | null = null;
    const take = collectLeads(deps, leads, run.hold);
    if (deps.source.snapshot) {
      const snapshot = await deps.source.snapshot(range);
      fingerprint = snapshot.fingerprint;
      const raw =
        sheetBefore === null || versionBefore === null
          ? null
          : sourceHash(range, fingerprint, deps.auditors, versionBefore, sheetBefore);
      // the very same calendar, leads and sheet as the last successful run: nothing to parse or write
      if (raw !== null && run.previous?.sourceHash === raw) {
        progress.stepProgress('calendar', 100, 'The calendar has not changed since the last run');
        progress.stepCompleted('calendar', run.previous.eventsProcessed);
        await run.restorePoint;
        return unchanged(run.previous.eventsProcessed, [], {
          runHash: run.previous.runHash,
          sourceHash: raw,
        });
      }
      read = await snapshot.read(take);
      // what was read, if the calendar changed since its fingerprint was taken
      fingerprint = read.fingerprint ?? fingerprint;
    } else {
      read = await deps.source.events(range, onWait, take);
    }
    // a source that hands its events on as it reads them answers none here
    take(read.events);
    progress.stepProgress(
      'calendar',
      100,
      // the days as every screen writes them (the history says the same range so)
      `${leads.size} events between ${formatCalendarDay(range.startDate)} and ${formatCalendarDay(range.endDate)}`,
    );
    progress.stepCompleted('calendar', leads.size);

    const finalHashes = async () => {
      const sheet = await deps.spreadsheet.fingerprint();
      const version = await deps.leads.dataVersion();
      return {
        runHash: sheet === null ? null : runHash(range, leads.fingerprints(), version, sheet),
        sourceHash:
          sheet === null || fingerprint === null
            ? null
            : sourceHash(range, fingerprint, deps.auditors, version, sheet),
      };
    };
    const previousHash = run.previous?.runHash ?? null;
    if (
      previousHash !== null &&
      sheetBefore !== null &&
      versionBefore !== null &&
      previousHash === runHash(range, leads.fingerprints(), versionBefore, sheetBefore)
    ) {
      await run.restorePoint;
      return unchanged(leads.size, read.problems, await finalHashes());
    }

    await run.restorePoint;
    const syncedAt = new Date().toISOString();
    // a merged-away lead's event updates the lead it was merged into, never brings it back
    const asMerged = await deps.leads.mergedEvents(leads);
    progress.stepStarted('spreadsheet', `Writing ${leads.size} leads to the ${deps.spreadsheet.description}`);
    let sheetPercentage = 0;
    const sheet = await deps.spreadsheet.write(await deps.leads.asOfficeSees(asMerged), {
      range: bounds,
      syncedAt,
      fence: run.hold,
      onProgress: (percentage, message) => {
        sheetPercentage = percentage;
        progress.stepProgress('spreadsheet', percentage, message);
      },
      onWait: (wait) => progress.stepProgress('spreadsheet', sheetPercentage, describeWait(wait)),
    });
    progress.stepCompleted('spreadsheet', sheet.written + sheet.removed);

    await run.hold.checkOwned();
    progress.stepStarted('database', `Saving ${leads.size} leads to the database`);
    const saved = await deps.leads.sync.apply(
      run.runId,
      asMerged,
      { from: new Date(bounds.from).toISOString(), to: new Date(bounds.to).toISOString() },
      syncedAt,
      // each chunk compared or sent is progress (a long step is never taken for a stalled
      // one), and a run another instance failed meanwhile stops there
      async (percentage, message) => {
        await run.hold.checkpoint();
        progress.stepProgress('database', percentage, message);
      },
    );
    progress.stepProgress(
      'database',
      100,
      `${saved.created} created, ${saved.updated} updated, ${saved.deleted} deleted`,
    );
    progress.stepCompleted('database', saved.created + saved.updated + saved.deleted);

    const outcome = {
      eventsProcessed: leads.size,
      eventsCreated: saved.created,
      eventsUpdated: saved.updated,
      eventsDeleted: saved.deleted,
      sheetWritten: sheet.written,
      sheetRemoved: sheet.removed,
    };
    // a write may have raised conflicts: the outcome names how many leads wait for a person
    const needsReview = await deps.leads.needingReview();
    const message = describeOutcome(outcome, read.problems.length, needsReview);
    const hashes = await finalHashes();
    progress.syncCompleted(true, message, leads.size);
    return { success: true, message, ...outcome, needsReview, problems: read.problems, ...hashes };
  } catch (failure) {
    const error = rootDatabaseError(failure);
    const message = error instanceof Error ? error.message : String(error);
    progress.syncError(message);
    progress.syncCompleted(false, message, 0);
    return failedOutcome(message, failure);
  } finally {
    leads.close();
  }
}
