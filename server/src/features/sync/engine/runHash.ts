import type { SyncRange } from '@auditdesk/shared/core';
import { createHash } from 'node:crypto';

/** Bumped whenever the rules that turn events into leads change: old fingerprints then never match. */
const PARSER_VERSION = 2;

/**
 * The fingerprint of a whole run before anything is parsed: the calendar's raw content,
 * the range, the auditors, the leads' data version and the spreadsheet's.
 */
export function sourceHash(
  range: SyncRange,
  sourceFingerprint: string,
  auditors: readonly string[],
  dataVersion: number,
  sheetFingerprint: string,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        PARSER_VERSION,
        range.startDate,
        range.endDate,
        sourceFingerprint,
        auditors,
        dataVersion,
        sheetFingerprint,
      ]),
    )
    .digest('base64url');
}

/**
 * The fingerprint of a whole run: its range, every lead's content (and its event's ETag,
 * `fingerprints` of RunLeads, sorted), the leads' data version and the spreadsheet's. A run
 * whose fingerprint equals the last run's (and that run succeeded) has nothing to write
 * anywhere: no lead changed in the calendar, nobody edited the leads or the sheet since.
 */
export function runHash(
  range: SyncRange,
  fingerprints: Iterable<string>,
  dataVersion: number,
  sheetFingerprint: string,
): string {
  const hash = createHash('sha256');
  hash.update(`${PARSER_VERSION}|${range.startDate}|${range.endDate}|${dataVersion}|${sheetFingerprint}\n`);
  for (const fingerprint of fingerprints) {
    hash.update(fingerprint);
    hash.update('\n');
  }
  return hash.digest('base64url');
}
