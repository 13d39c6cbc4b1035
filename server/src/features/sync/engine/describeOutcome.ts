import { needsReviewSentence, type SyncCounts } from '@auditdesk/shared/core';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The conflicts a person must settle, as a run's outcome names them ('' for none). */
const needsReviewText = (needsReview: number) =>
  needsReview > 0 ? ` ${needsReviewSentence(needsReview)}.` : '';

/**
 * What a run did, step by step, in one sentence a person reads on the Sync screen, in the
 * bell and in the toast; then how many leads need review (the calendar changed what the
 * office changed), so that a conflict is not hidden in "1 updated".
 */
export function describeOutcome(counts: SyncCounts, skipped: number, needsReview = 0): string {
  const skippedText =
    skipped > 0
      ? ` ${plural(skipped, 'event')} could not be read and ${skipped === 1 ? 'was' : 'were'} skipped.`
      : '';
  const sheetChanged = counts.sheetWritten + counts.sheetRemoved > 0;
  const databaseChanged = counts.eventsCreated + counts.eventsUpdated + counts.eventsDeleted > 0;
  if (!sheetChanged && !databaseChanged)
    return `Nothing changed: ${plural(counts.eventsProcessed, 'event')} already up to date.${skippedText}${needsReviewText(needsReview)}`;
  const sheet = sheetChanged
    ? `spreadsheet ${plural(counts.sheetWritten, 'row')} written, ${counts.sheetRemoved} removed`
    : 'spreadsheet already up to date';
  const database = databaseChanged
    ? `database ${counts.eventsCreated} created, ${counts.eventsUpdated} updated, ${counts.eventsDeleted} deleted`
    : 'database already up to date';
  return `Synced ${plural(counts.eventsProcessed, 'event')}: ${sheet}; ${database}.${skippedText}${needsReviewText(needsReview)}`;
}
