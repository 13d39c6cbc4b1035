import type { WaitListener } from '../../../platform/http/retryingFetch';
import type { LeadChunks } from '../../leads/record/leadChunks';
import type { RunHold } from '../lock/runHold';

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
  /**
   * Writes the run's leads: rows of the range rewritten, the rest kept. What was there is
   * replaced only while the run holds its lease (`fence`), and all at once: a run that fails
   * or lost its lease leaves the spreadsheet as it was.
   */
  write(leads: LeadChunks, run: SheetWrite): Promise<SpreadsheetWriteResult>;
}

export interface SheetWrite {
  range: { from: number; to: number };
  syncedAt: string;
  /** The run's hold on its lease: its id names its scratch output; asked before anything is replaced. */
  fence: RunHold;
  onProgress: (percentage: number, message: string) => void;
  /** Hears each wait for a busy remote spreadsheet, for the progress message. */
  onWait?: WaitListener;
}

/**
 * A spreadsheet that cannot be read or written: the run fails with this message, which
 * names no server path; `cause` (the original error, with the path) is for the log.
 */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}
