import type { SyncCounts } from '@auditdesk/shared/core';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a run did, step by step, in one sentence a person reads on the Sync screen. */
export function describeOutcome(counts: SyncCounts, skipped: number): string {
  const skippedText =
    skipped > 0
      ? ` ${plural(skipped, 'event')} could not be read and ${skipped === 1 ? 'was' : 'were'} skipped.`
      : '';
  const sheetChanged = counts.sheetWritten + counts.sheetRemoved > 0;
  const databaseChanged = counts.eventsCreated + counts.eventsUpdated + counts.eventsDeleted > 0;
  if (!sheetChanged && !databaseChanged)
    return `Nothing changed: ${plural(counts.eventsProcessed, 'event')} already up to date.${skippedText}`;
  const sheet = sheetChanged
    ? `spreadsheet ${plural(counts.sheetWritten, 'row')} written, ${counts.sheetRemoved} removed`
    : 'spreadsheet already up to date';
  const database = databaseChanged
    ? `database ${counts.eventsCreated} created, ${counts.eventsUpdated} updated, ${counts.eventsDeleted} deleted`
    : 'database already up to date';
  return `Synced ${plural(counts.eventsProcessed, 'event')}: ${sheet}; ${database}.${skippedText}`;
}
