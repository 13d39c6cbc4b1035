import type { WaitListener } from '../../http/retryingFetch';
import type { LeadRecord } from '../parser/leadRecord';

export interface SpreadsheetWriteResult {
  written: number;
  removed: number;
}

/** Where the sync keeps the spreadsheet copy of the leads (an .xlsx file or Google Sheets). */
export interface SpreadsheetSink {
  readonly description: string;
  write(
    leads: LeadRecord[],
    range: { from: number; to: number },
    syncedAt: string,
    onProgress: (percentage: number, message: string) => void,
    /** Hears each wait for a busy remote spreadsheet, for the progress message. */
    onWait?: WaitListener,
  ): Promise<SpreadsheetWriteResult>;
}

/** A spreadsheet that cannot be read or written: the run fails with this message. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}
