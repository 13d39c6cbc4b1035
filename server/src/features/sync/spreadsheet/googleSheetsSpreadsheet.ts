import { sheets, type sheets_v4 } from '@googleapis/sheets';
import type { WaitListener } from '../../../platform/http/retryingFetch';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import type { GoogleAuthClient } from '../google/googleAuth';
import { googleErrorMessage, googleRequestOptions } from '../google/googleRequests';
import { planSheetWrites } from './planSheetWrites';
import { alignedRow, HEADER, mergeSheetRows, SHEET_NAMES, type SheetRows } from './sheetLayout';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';

const LAST_COLUMN = String.fromCharCode('A'.charCodeAt(0) + HEADER.length - 1);

type RequestOptions = ReturnType<typeof googleRequestOptions>;

/**
 * Google Sheets with the same layout as the .xlsx file. Values go in as RAW, so text
 * starting with = + - @ stays text. A run makes a handful of requests whatever the size
 * (one read of the titles, one batchGet, one values.batchUpdate per ~1.5 MB of rows, one
 * batchClear), far under the per-minute quota; a busy answer is waited out.
 */
export function createGoogleSheetsSpreadsheet({
  auth,
  spreadsheetId,
  rootUrl,
  retry,
}: {
  auth: GoogleAuthClient;
  spreadsheetId: string;
  rootUrl?: string;
  retry?: RetryTuning;
}): SpreadsheetSink {
  const api = sheets({ version: 'v4', auth, ...(rootUrl ? { rootUrl } : {}) });
  const fail = (what: string) => (error: unknown) => {
    throw new SpreadsheetError(
      `Google Sheets ${spreadsheetId}: ${what} failed: ${googleErrorMessage(error)}`,
    );
  };

  async function ensureSheets(options: RequestOptions): Promise<void> {
    const { data } = await api.spreadsheets.get(
      { spreadsheetId, fields: 'sheets.properties.title' },
      options,
    );
    const titles = new Set((data.sheets ?? []).map((sheet) => sheet.properties?.title));
    const missing = SHEET_NAMES.filter((name) => !titles.has(name));
    if (missing.length === 0) return;
    await api.spreadsheets.batchUpdate(
      {
        spreadsheetId,
        requestBody: { requests: missing.map((title) => ({ addSheet: { properties: { title } } })) },
      },
      options,
    );
  }

  async function readRows(options: RequestOptions): Promise<SheetRows> {
    const { data } = await api.spreadsheets.values.batchGet(
      // from the header row: cells are matched to columns by name (alignedRow)
      { spreadsheetId, ranges: SHEET_NAMES.map((name) => `${name}!A1:${LAST_COLUMN}`) },
      options,
    );
    const rows: SheetRows = { Leads: [], Unformatted: [] };
    SHEET_NAMES.forEach((name, index) => {
      const [header = [], ...values] = (data.valueRanges?.[index]?.values ?? []).map((row) =>
        row.map((cell) => String(cell ?? '')),
      );
      for (const row of values) rows[name].push(alignedRow(header, row));
    });
    return rows;
  }

  async function writeRows(rows: SheetRows, previous: SheetRows, options: RequestOptions): Promise<void> {
    for (const request of planSheetWrites(rows, LAST_COLUMN)) {
      await api.spreadsheets.values.batchUpdate(
        {
          spreadsheetId,
          requestBody: { valueInputOption: 'RAW', data: request satisfies sheets_v4.Schema$ValueRange[] },
        },
        options,
      );
    }
    // rows the sheet had beyond the new end are cleared
    const ranges = SHEET_NAMES.filter((name) => previous[name].length > rows[name].length).map(
      (name) => `${name}!A${rows[name].length + 2}:${LAST_COLUMN}`,
    );
    if (ranges.length > 0)
      await api.spreadsheets.values.batchClear({ spreadsheetId, requestBody: { ranges } }, options);
  }

  return {
    description: 'Google Sheets spreadsheet',
    // Sheets tells no modification time without the Drive API: always read and compare.
    fingerprint: async () => null,
    async write(leads, range, syncedAt, onProgress, onWait?: WaitListener) {
      const options = googleRequestOptions('Google Sheets', onWait, retry);
      onProgress(10, 'Reading the Google Sheet');
      await ensureSheets(options).catch(fail('checking the sheets'));
      const existing = await readRows(options).catch(fail('reading the rows'));
      const merged = mergeSheetRows(existing, leads, range, syncedAt);
      if (merged.written === 0 && merged.removed === 0) {
        onProgress(100, 'Google Sheet already up to date');
        return { written: 0, removed: 0 };
      }
      onProgress(50, `Writing ${merged.written} changed rows`);
      await writeRows(merged.sheets, existing, options).catch(fail('writing the rows'));
      onProgress(100, `${merged.written} rows written, ${merged.removed} removed`);
      return { written: merged.written, removed: merged.removed };
    },
  };
}
