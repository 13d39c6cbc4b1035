// How the Google Sheets sink names its sheets and what its spreadsheets.batchUpdate calls ask.
import type { sheets_v4 } from '@googleapis/sheets';
import { HEADER, SHEET_NAMES, type SheetName, type SheetRows } from './sheetLayout';

/** A sheet of the spreadsheet, as spreadsheets.get tells it. */
export interface SheetInfo {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
}

/** A run's hidden scratch sheets, where its rows go before they replace the live ones. */
export const SCRATCH = /^AuditdeskSync_(\d+)_(Leads|Unformatted)$/;
export const scratchTitle = (runId: number, name: SheetName) => `AuditdeskSync_${runId}_${name}`;
/** A sheet's title in A1 notation: quoted, a quote in it doubled. */
export const quoted = (title: string) => `'${title.replace(/'/g, "''")}'`;

export const infoOf = (properties: sheets_v4.Schema$SheetProperties | undefined): SheetInfo => ({
  sheetId: properties?.sheetId ?? 0,
  title: properties?.title ?? '',
  rowCount: properties?.gridProperties?.rowCount ?? 0,
  columnCount: properties?.gridProperties?.columnCount ?? 0,
});

/**
 * One batch, applied whole or not at all: each live sheet grown to its rows if needed,
 * its values replaced by its scratch sheet's, the rows it had beyond the new end cleared,
 * and the scratch sheets removed.
 */
export function replacingRequests(
  live: Record<SheetName, SheetInfo>,
  scratch: Record<SheetName, SheetInfo>,
  rows: SheetRows,
  previous: SheetRows,
): sheets_v4.Schema$Request[] {
  return [
    ...SHEET_NAMES.flatMap((name): sheets_v4.Schema$Request[] => {
      const { sheetId, rowCount, columnCount } = live[name];
      const height = rows[name].length + 1;
      const columns = { startColumnIndex: 0, endColumnIndex: HEADER.length };
      return [
        ...(rowCount < height
          ? [{ appendDimension: { sheetId, dimension: 'ROWS', length: height - rowCount } }]
          : []),
        ...(columnCount < HEADER.length
          ? [{ appendDimension: { sheetId, dimension: 'COLUMNS', length: HEADER.length - columnCount } }]
          : []),
        {
          copyPaste: {
            source: { sheetId: scratch[name].sheetId, startRowIndex: 0, endRowIndex: height, ...columns },
            destination: { sheetId, startRowIndex: 0, endRowIndex: height, ...columns },
            pasteType: 'PASTE_VALUES',
            pasteOrientation: 'NORMAL',
          },
        },
        ...(previous[name].length + 1 > height
          ? [
              {
                updateCells: {
                  range: { sheetId, startRowIndex: height, ...columns },
                  fields: 'userEnteredValue',
                },
              },
            ]
          : []),
      ];
    }),
    ...SHEET_NAMES.map((name) => ({ deleteSheet: { sheetId: scratch[name].sheetId } })),
  ];
}
