import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import { openScratchDatabase, pagesOf } from '../../../platform/db/sqlite/openScratchDatabase';
import {
  alignedRow,
  existingSheetsOf,
  HEADER,
  leadIdOfRow,
  SHEET_NAMES,
  type ExistingSheets,
  type SheetName,
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

/** A row's cells as text, in the sheet's own column order (`values` counts from 1). */
const cellsOf = (values: ExcelJS.CellValue[]): string[] =>
  Array.from({ length: Math.max(values.length - 1, HEADER.length) }, (_, column) =>
    cellText(values[column + 1]),
  );

/** Rows read back at a time, and written to the scratch database in one transaction. */
const ROWS_AT_A_TIME = 1_000;

export type FileSheets = ExistingSheets & { close(): void };

/**
 * The rows of the file's 'Leads' and 'Unformatted' sheets, read as a stream (ExcelJS's
 * streaming reader) into a scratch database, so that a sheet of a million rows is never whole
 * in memory; read back a page at a time. `close()` lets go of the scratch database. A file
 * that is not there holds no rows. ExcelJS's streaming reader (4.4) can lose a worksheet (one
 * that ends the archive): a sheet the workbook lists but the stream did not give, or a stream
 * that fails, sends the file to the whole-file reader instead.
 */
export async function existingSheetsOfFile(file: string): Promise<FileSheets> {
  if (!fs.existsSync(file)) return { ...existingSheetsOf({ Leads: [], Unformatted: [] }), close: () => {} };
  const db = openScratchDatabase();
  try {
    const streamed = await streamInto(db, file);
    if (streamed) return streamed;
  } catch {
    // read whole below: it fails with the file's own error if the file cannot be read at all
  }
  db.close();
  return { ...existingSheetsOf(await readWhole(file)), close: () => {} };
}

async function streamInto(
  db: ReturnType<typeof openScratchDatabase>,
  file: string,
): Promise<FileSheets | null> {
  db.exec(`CREATE TABLE sheet_rows (sheet TEXT NOT NULL, pos INTEGER NOT NULL, lead_id TEXT NOT NULL,
    cells TEXT NOT NULL, PRIMARY KEY (sheet, lead_id)) WITHOUT ROWID;
    CREATE UNIQUE INDEX sheet_rows_order ON sheet_rows (sheet, pos)`);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO sheet_rows (sheet, pos, lead_id, cells) VALUES (?, ?, ?, ?)',
  );
  let repeated = 0;
  const store = db.transaction((name: SheetName, rows: { pos: number; cells: string[] }[]) => {
    for (const { pos, cells } of rows) {
      const leadId = leadIdOfRow(cells);
      if (leadId && insert.run(name, pos, leadId, JSON.stringify(cells)).changes === 0) repeated += 1;
    }
  });
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
    let header: string[] = [];
    let pending: { pos: number; cells: string[] }[] = [];
    for await (const row of worksheet) {
      const cells = cellsOf(row.values as ExcelJS.CellValue[]);
      if (row.number === 1) header = cells;
      else pending.push({ pos: row.number, cells: alignedRow(header, cells) });
      if (pending.length >= ROWS_AT_A_TIME) {
        store(name as SheetName, pending);
        pending = [];
      }
    }
    store(name as SheetName, pending);
  }
  const listed = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map(
    (sheet) => sheet.name,
  );
  if (listed.some((name) => !seen.has(name))) return null;

  const page = db.prepare(
    'SELECT pos, cells FROM sheet_rows WHERE sheet = ? AND pos > ? ORDER BY pos LIMIT ?',
  );
  const holds = db.prepare('SELECT 1 FROM sheet_rows WHERE sheet = ? AND lead_id = ?').pluck();
  return {
    repeated,
    *rows(name) {
      const read = (after: number) =>
        page.all(name, after, ROWS_AT_A_TIME) as { pos: number; cells: string }[];
      for (const rows of pagesOf(read, (row) => row.pos))
        for (const row of rows) yield JSON.parse(row.cells) as string[];
    },
    holds: (name, leadId) => holds.get(name, leadId) !== undefined,
    close: () => db.close(),
  };
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
