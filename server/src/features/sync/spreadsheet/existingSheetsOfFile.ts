import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import {
  alignedRow,
  existingSheetsOf,
  HEADER,
  SHEET_NAMES,
  type SheetName,
  type SheetRows,
} from './sheetLayout';
import { readOwnXlsx } from './readOwnXlsx';
import { openSheetRowsScratch, type FileSheets, type SheetRowsScratch } from './sheetRowsScratch';
import { SpreadsheetError } from './spreadsheetSink';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
  }
  return String(value);
}

/** A row's cells as text, in the sheet's own column order (`values` counts from 1). */
const cellsOf = (values: ExcelJS.CellValue[]): string[] =>
  Array.from({ length: Math.max(values.length - 1, HEADER.length) }, (_, column) =>
    cellText(values[column + 1]),
  );

/**
 * The rows of the file's 'Leads' and 'Unformatted' sheets, read as a stream into a scratch
 * database (sheetRowsScratch), so that a sheet of a million rows is never whole in memory;
 * read back a page at a time. `close()` lets go of the scratch database. A file that is not
 * there holds no rows. The file this app wrote itself is read by readOwnXlsx; any other by
 * ExcelJS's streaming reader; what that cannot give by the whole-file reader.
 */
export async function existingSheetsOfFile(file: string): Promise<FileSheets> {
  if (!fs.existsSync(file)) return { ...existingSheetsOf({ Leads: [], Unformatted: [] }), close: () => {} };
  for (const read of [readOwnXlsx, streamWithExcelJs]) {
    const scratch = openSheetRowsScratch();
    try {
      if (await read(file, scratch)) return scratch.sheets();
    } catch {
      // the next reader; the whole-file one fails with the file's own error if it cannot be read at all
    }
    scratch.close();
  }
  return { ...existingSheetsOf(await readWhole(file)), close: () => {} };
}

/**
 * ExcelJS's streaming reader. It (4.4) can lose a worksheet (one that ends the archive): a
 * sheet the workbook lists but the stream did not give answers false.
 */
async function streamWithExcelJs(file: string, scratch: SheetRowsScratch): Promise<boolean> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // a date typed into the sheet is a number with a date format: read as the date, as the whole-file reader does
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const seen = new Set<string>();
  for await (const worksheet of reader) {
    const name = (worksheet as unknown as { name: string }).name;
    seen.add(name);
    if (!(SHEET_NAMES as readonly string[]).includes(name)) continue;
    const rows = scratch.sheet(name as SheetName);
    for await (const row of worksheet) rows.add(row.number, cellsOf(row.values as ExcelJS.CellValue[]));
    rows.end();
  }
  const listed = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
    (sheet) => sheet.name,
  );
  return listed.every((name) => seen.has(name));
}

/** The whole file at once (ExcelJS's workbook reader): what the stream could not give. */
export async function readWhole(file: string): Promise<SheetRows> {
  const rows: SheetRows = { Leads: [], Unformatted: [] };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (error) {
    throw new SpreadsheetError(
      `The spreadsheet file ${path.basename(file)} cannot be read: ${fileErrorReason(error)}`,
      { cause: error },
    );
  }
  for (const name of SHEET_NAMES) {
    let header: string[] = [];
    workbook.getWorksheet(name)?.eachRow((row, number) => {
      const cells = cellsOf(row.values as ExcelJS.CellValue[]);
      if (number === 1) header = cells;
      else rows[name].push(alignedRow(header, cells));
    });
  }
  return rows;
}
