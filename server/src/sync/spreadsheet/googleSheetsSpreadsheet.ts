import { sheets, type sheets_v4 } from '@googleapis/sheets';
import { GOOGLE_REQUEST_OPTIONS, googleErrorMessage, type GoogleAuthClient } from '../google/googleAuth';
import { HEADER, mergeSheetRows, SHEET_NAMES, type SheetRows } from './sheetLayout';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';

/** Rows per ValueRange, ValueRanges per request: well under the 2 MB payload advice. */
const ROWS_PER_RANGE = 1000;
const RANGES_PER_REQUEST = 4;
const LAST_COLUMN = String.fromCharCode('A'.charCodeAt(0) + HEADER.length - 1);

/**
 * Google Sheets with the same layout as the .xlsx file. Values go in as RAW, so text
 * starting with = + - @ stays text.
 */
export function createGoogleSheetsSpreadsheet({
  auth,
  spreadsheetId,
  rootUrl,
}: {
  auth: GoogleAuthClient;
  spreadsheetId: string;
  rootUrl?: string;
}): SpreadsheetSink {
  const api = sheets({ version: 'v4', auth, ...(rootUrl ? { rootUrl } : {}) });
  const fail = (what: string) => (error: unknown) => {
    throw new SpreadsheetError(
      `Google Sheets ${spreadsheetId}: ${what} failed: ${googleErrorMessage(error)}`,
    );
  };

  async function ensureSheets(): Promise<void> {
    const { data } = await api.spreadsheets.get(
      { spreadsheetId, fields: 'sheets.properties.title' },
      GOOGLE_REQUEST_OPTIONS,
    );
    const titles = new Set((data.sheets ?? []).map((sheet) => sheet.properties?.title));
    const missing = SHEET_NAMES.filter((name) => !titles.has(name));
    if (missing.length === 0) return;
    await api.spreadsheets.batchUpdate(
      {
        spreadsheetId,
        requestBody: { requests: missing.map((title) => ({ addSheet: { properties: { title } } })) },
      },
      GOOGLE_REQUEST_OPTIONS,
    );
  }

  async function readRows(): Promise<SheetRows> {
    const { data } = await api.spreadsheets.values.batchGet(
      { spreadsheetId, ranges: SHEET_NAMES.map((name) => `${name}!A2:${LAST_COLUMN}`) },
      GOOGLE_REQUEST_OPTIONS,
    );
    const rows: SheetRows = { Leads: [], Unformatted: [] };
    SHEET_NAMES.forEach((name, index) => {
      for (const row of data.valueRanges?.[index]?.values ?? [])
        rows[name].push(HEADER.map((_, column) => String(row[column] ?? '')));
    });
    return rows;
  }

  async function writeRows(rows: SheetRows, previous: SheetRows): Promise<void> {
    const data: sheets_v4.Schema$ValueRange[] = [];
    for (const name of SHEET_NAMES) {
      const all = [[...HEADER] as string[], ...rows[name]];
      for (let start = 0; start < all.length; start += ROWS_PER_RANGE) {
        data.push({
          range: `${name}!A${start + 1}:${LAST_COLUMN}`,
          values: all.slice(start, start + ROWS_PER_RANGE),
        });
      }
    }
    for (let start = 0; start < data.length; start += RANGES_PER_REQUEST) {
      await api.spreadsheets.values.batchUpdate(
        {
          spreadsheetId,
          requestBody: { valueInputOption: 'RAW', data: data.slice(start, start + RANGES_PER_REQUEST) },
        },
        GOOGLE_REQUEST_OPTIONS,
      );
    }
    // rows the sheet had beyond the new end are cleared
    const ranges = SHEET_NAMES.filter((name) => previous[name].length > rows[name].length).map(
      (name) => `${name}!A${rows[name].length + 2}:${LAST_COLUMN}`,
    );
    if (ranges.length > 0)
      await api.spreadsheets.values.batchClear(
        { spreadsheetId, requestBody: { ranges } },
        GOOGLE_REQUEST_OPTIONS,
      );
  }

  return {
    description: `Google Sheet ${spreadsheetId}`,
    // Sheets tells no modification time without the Drive API: always read and compare.
    fingerprint: async () => null,
    async write(leads, range, syncedAt, onProgress) {
      onProgress(10, 'Reading the Google Sheet');
      await ensureSheets().catch(fail('checking the sheets'));
      const existing = await readRows().catch(fail('reading the rows'));
      const merged = mergeSheetRows(existing, leads, range, syncedAt);
      if (merged.written === 0 && merged.removed === 0) {
        onProgress(100, 'Google Sheet already up to date');
        return { written: 0, removed: 0 };
      }
      onProgress(50, `Writing ${merged.written} changed rows`);
      await writeRows(merged.sheets, existing).catch(fail('writing the rows'));
      onProgress(100, `${merged.written} rows written, ${merged.removed} removed`);
      return { written: merged.written, removed: merged.removed };
    },
  };
}
