import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import {
  alignedRow,
  existingSheetsOf,
  HEADER,
  SHEET_NAMES,
  type ExistingSheets,
  type SheetRows,
} from './sheetLayout';
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

/**
 * The rows of the file's 'Leads' and 'Unformatted' sheets (none when there is no file yet).
 * Read whole: ExcelJS's streaming reader (4.4) stopped unzipping after the first worksheet of
 * the files this app writes, so a large sheet costs its size in memory on a run that must
 * compare against it (docs/performance.md).
 */
export async function existingSheetsOfFile(file: string): Promise<ExistingSheets> {
  const rows: SheetRows = { Leads: [], Unformatted: [] };
  if (!fs.existsSync(file)) return existingSheetsOf(rows);
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
      const cells = Array.from({ length: Math.max(row.cellCount, HEADER.length) }, (_, column) =>
        cellText(row.getCell(column + 1).value),
      );
      if (number === 1) header = cells;
      else rows[name].push(alignedRow(header, cells));
    });
  }
  return existingSheetsOf(rows);
}
