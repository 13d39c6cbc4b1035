import { sheets, type sheets_v4 } from '@googleapis/sheets';
import type { RetryTuning } from '../../../platform/http/retryPolicy';
import type { GoogleAuthClient } from '../../../platform/google/googleAuth';
import { googleErrorMessage, googleRequestOptions } from '../../../platform/google/googleRequests';
import type { RunHold } from '../lock/runHold';
import { planSheetWrites } from './planSheetWrites';
import {
  infoOf,
  quoted,
  replacingRequests,
  SCRATCH,
  scratchTitle,
  type SheetInfo,
} from './sheetsBatchRequests';
import {
  alignedRow,
  HEADER,
  mergeSheetRows,
  SHEET_NAMES,
  type SheetName,
  type SheetRows,
} from './sheetLayout';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';

const LAST_COLUMN = String.fromCharCode('A'.charCodeAt(0) + HEADER.length - 1);

type RequestOptions = ReturnType<typeof googleRequestOptions>;

/**
 * Google Sheets with the same layout as the .xlsx file. Values go in as RAW, so text
 * starting with = + - @ stays text. A run writes its rows to hidden scratch sheets of its
 * own, then replaces the live sheets' values with them in one spreadsheets.batchUpdate,
 * which Google applies atomically (all its requests or none): a run that fails half-way
 * leaves the live sheets as they were. Each write asks the run's lease first; and since a
 * run removes the scratch sheets of older runs before it reads, a run that lost its lease
 * to a newer one can no longer replace anything (its batch names a sheet that is gone, and
 * fails whole) — whenever it wakes up. A run makes a handful of requests whatever the size
 * (the sheets' list, one batchGet, one scratch sheet batch, one values.batchUpdate per
 * ~1.5 MB of rows, the replacing batch), far under the per-minute quota; a busy answer is
 * waited out.
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
  const batchUpdate = (requests: sheets_v4.Schema$Request[], options: RequestOptions) =>
    api.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } }, options);

  async function listSheets(options: RequestOptions): Promise<SheetInfo[]> {
    const { data } = await api.spreadsheets.get(
      { spreadsheetId, fields: 'sheets.properties(sheetId,title,gridProperties(rowCount,columnCount))' },
      options,
    );
    return (data.sheets ?? []).map((sheet) => infoOf(sheet.properties));
  }

  /**
   * The live sheets, the missing ones added; the scratch sheets older runs left removed
   * (a failed run's, or one whose lease this run took: it can no longer replace anything).
   */
  async function liveSheets(runId: number, fence: RunHold, options: RequestOptions) {
    const listed = await listSheets(options);
    const stale = listed.filter((sheet) => {
      const scratch = SCRATCH.exec(sheet.title);
      return scratch !== null && Number(scratch[1]) < runId;
    });
    const missing = SHEET_NAMES.filter((name) => !listed.some((sheet) => sheet.title === name));
    const live = new Map(listed.map((sheet) => [sheet.title, sheet]));
    if (stale.length > 0 || missing.length > 0) {
      await fence.checkOwned();
      const { data } = await batchUpdate(
        [
          ...stale.map((sheet) => ({ deleteSheet: { sheetId: sheet.sheetId } })),
          ...missing.map((title) => ({ addSheet: { properties: { title } } })),
        ],
        options,
      );
      for (const reply of data.replies ?? [])
        if (reply.addSheet)
          live.set(reply.addSheet.properties?.title ?? '', infoOf(reply.addSheet.properties));
    }
    return Object.fromEntries(SHEET_NAMES.map((name) => [name, live.get(name)!])) as Record<
      SheetName,
      SheetInfo
    >;
  }

  async function readRows(options: RequestOptions): Promise<SheetRows> {
    const { data } = await api.spreadsheets.values.batchGet(
      // from the header row: cells are matched to columns by name (alignedRow)
      { spreadsheetId, ranges: SHEET_NAMES.map((name) => `${quoted(name)}!A1:${LAST_COLUMN}`) },
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

  /** The run's hidden scratch sheets, each as large as its rows with the header. */
  async function addScratch(runId: number, rows: SheetRows, options: RequestOptions) {
    const { data } = await batchUpdate(
      SHEET_NAMES.map((name) => ({
        addSheet: {
          properties: {
            title: scratchTitle(runId, name),
            hidden: true,
            gridProperties: { rowCount: rows[name].length + 1, columnCount: HEADER.length },
          },
        },
      })),
      options,
    );
    const added = (data.replies ?? []).map((reply) => infoOf(reply.addSheet?.properties));
    return Object.fromEntries(SHEET_NAMES.map((name, index) => [name, added[index]!])) as Record<
      SheetName,
      SheetInfo
    >;
  }

  /**
   * The rows through the run's scratch sheets into the live ones, the lease asked before each
   * write; the scratch removed when they do not get there (else the next run removes it).
   */
  async function replaceLive(
    fence: RunHold,
    live: Record<SheetName, SheetInfo>,
    rows: SheetRows,
    previous: SheetRows,
    options: RequestOptions,
    beforeReplacing: () => void,
  ): Promise<void> {
    await fence.checkOwned();
    const scratch = await addScratch(fence.runId, rows, options).catch(fail('writing the rows'));
    try {
      for (const request of planSheetWrites(rows, LAST_COLUMN, (name) => quoted(scratch[name].title))) {
        await fence.checkOwned();
        await api.spreadsheets.values
          .batchUpdate(
            {
              spreadsheetId,
              requestBody: { valueInputOption: 'RAW', data: request satisfies sheets_v4.Schema$ValueRange[] },
            },
            options,
          )
          .catch(fail('writing the rows'));
      }
      beforeReplacing();
      await fence.checkOwned();
      await batchUpdate(replacingRequests(live, scratch, rows, previous), options).catch(
        fail('replacing the sheets'),
      );
    } catch (error) {
      await batchUpdate(
        SHEET_NAMES.map((name) => ({ deleteSheet: { sheetId: scratch[name].sheetId } })),
        options,
      ).catch(() => undefined); // Sheets gave up, or a newer run removed it already
      throw error;
    }
  }

  return {
    description: 'Google Sheets spreadsheet',
    // Sheets tells no modification time without the Drive API: always read and compare.
    fingerprint: async () => null,
    async write(leads, { range, syncedAt, fence, onProgress, onWait }) {
      const options = googleRequestOptions('Google Sheets', onWait, retry);
      onProgress(10, 'Reading the Google Sheet');
      const live = await liveSheets(fence.runId, fence, options).catch(fail('checking the sheets'));
      const existing = await readRows(options).catch(fail('reading the rows'));
      const merged = mergeSheetRows(existing, leads, range, syncedAt);
      if (merged.written === 0 && merged.removed === 0) {
        onProgress(100, 'Google Sheet already up to date');
        return { written: 0, removed: 0 };
      }
      onProgress(50, `Writing ${merged.written} changed rows`);
      await replaceLive(fence, live, merged.sheets, existing, options, () =>
        onProgress(90, 'Replacing the sheets'),
      );
      onProgress(100, `${merged.written} rows written, ${merged.removed} removed`);
      return { written: merged.written, removed: merged.removed };
    },
  };
}
