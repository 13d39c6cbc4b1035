import type { WaitListener } from '../../../platform/http/retryingFetch';
import type { LeadChunks } from '../../leads/record/leadChunks';

export interface SpreadsheetWriteResult {
  written: number;
  removed: number;
}

/** Where the sync keeps the spreadsheet copy of the leads (an .xlsx file or Google Sheets). */
export interface SpreadsheetSink {
  readonly description: string;
  /**
   * Changes whenever the spreadsheet changes (also by hand): with it, a re-run can tell the
   * sheet is as the last run left it without reading it. Null when it cannot be known
   * cheaply; such a sheet is always read and compared.
   */
  fingerprint(): Promise<string | null>;
  write(
    leads: LeadChunks,
    range: { from: number; to: number },
    syncedAt: string,
    onProgress: (percentage: number, message: string) => void,
    /** Hears each wait for a busy remote spreadsheet, for the progress message. */
    onWait?: WaitListener,
  ): Promise<SpreadsheetWriteResult>;
}

/**
 * A spreadsheet that cannot be read or written: the run fails with this message, which
 * names no server path; `cause` (the original error, with the path) is for the log.
 */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}
