import type { SyncRange } from '@auditdesk/shared/core';
import { createHash } from 'node:crypto';
import type { HashedLead } from '../../leads/repository/leadSyncWriter';

/**
 * The fingerprint of a whole run: its range, every lead's content, the leads' data version
 * and the spreadsheet's. A run whose fingerprint equals the last run's (and that run
 * succeeded) has nothing to write anywhere: no lead changed in the calendar, nobody edited
 * the leads or the sheet since.
 */
export function runHash(
  range: SyncRange,
  leads: HashedLead[],
  dataVersion: number,
  sheetFingerprint: string,
): string {
  const hash = createHash('sha256');
  hash.update(`${range.startDate}|${range.endDate}|${dataVersion}|${sheetFingerprint}\n`);
  for (const contentHash of leads.map((lead) => `${lead.leadId}:${lead.contentHash}`).sort()) {
    hash.update(contentHash);
    hash.update('\n');
  }
  return hash.digest('base64url');
}
