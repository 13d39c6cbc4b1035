import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import { ensurePrivateFolder } from '../../../platform/files/privateFolder';
import {
  alignedRow,
  countBySheet,
  HEADER,
  mergeSheetEntries,
  rowOfEntry,
  SHEET_NAMES,
  type SheetEntry,
  type SheetName,
  type SheetRows,
} from './sheetLayout';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';
import { writeXlsxFile } from './xlsxFile';

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

async function readRows(file: string): Promise<SheetRows> {
  const rows: SheetRows = { Leads: [], Unformatted: [] };
  if (!fs.existsSync(file)) return rows;
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
  return rows;
}

const TEMP_FILE = (file: string) =>
  new RegExp(`^\\.${path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.\\d+\\.tmp$`);

/**
 * Removes what an interrupted write left beside the file (`.leads.xlsx.<pid>.tmp`): a kill
 * between writing and renaming would otherwise keep a full copy of the leads there for good.
 * One run writes at a time (the sync lock), so any such file is stale.
 */
export function removeStaleTempFiles(file: string): void {
  const folder = path.dirname(file);
  const pattern = TEMP_FILE(file);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return; // no folder yet: nothing left behind
  }
  for (const name of names) if (pattern.test(name)) fs.rmSync(path.join(folder, name), { force: true });
}

function* rowsOf(entries: Iterable<SheetEntry>, syncedAt: string): Generator<string[]> {
  for (const entry of entries) yield rowOfEntry(entry, syncedAt);
}

/** Writes the whole workbook to a temp file beside the target, then renames it over. */
async function writeRows(
  file: string,
  entries: Record<SheetName, Iterable<SheetEntry>>,
  syncedAt: string,
): Promise<void> {
  ensurePrivateFolder(path.dirname(file));
  removeStaleTempFiles(file);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    const sheets = SHEET_NAMES.map((name) => ({
      name,
      header: HEADER,
      rows: rowsOf(entries[name], syncedAt),
      widths: HEADER.map((key) => (key === 'comments' ? 40 : 20)),
    }));
    // the customers' names and phone numbers: for the owner's eyes only
    await writeXlsxFile(temp, sheets, 0o600);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new SpreadsheetError(
      `The spreadsheet file ${path.basename(file)} cannot be written: ${fileErrorReason(error)}`,
      { cause: error },
    );
  }
}

/** An .xlsx sheet holds at most this many rows, its header row included (Excel's limit). */
export const XLSX_MAX_ROWS = 1_048_576;

/** Refuses sheets of more rows than an .xlsx sheet holds, before anything is written. */
function checkRowLimit(leadsPerSheet: Record<SheetName, number>, maxRows: number): void {
  for (const name of SHEET_NAMES) {
    const rows = leadsPerSheet[name] + 1;
    if (rows > maxRows)
      throw new SpreadsheetError(
        `The '${name}' sheet would hold ${rows.toLocaleString('en-US')} rows with its header, and an .xlsx sheet holds at most ${maxRows.toLocaleString('en-US')}. Nothing was written: sync a shorter date range.`,
      );
  }
}

/**
 * The .xlsx file sink: sheets 'Leads' and 'Unformatted', rewritten only when a row changed.
 * `maxRows`: the rows a sheet may hold (XLSX_MAX_ROWS; smaller in tests).
 */
export function createXlsxSpreadsheet(
  file: string,
  { maxRows = XLSX_MAX_ROWS }: { maxRows?: number } = {},
): SpreadsheetSink {
  removeStaleTempFiles(file);
  return {
    description: `spreadsheet ${path.basename(file)}`,
    async fingerprint() {
      try {
        const stat = await fs.promises.stat(file);
        return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
      } catch {
        return 'absent';
      }
    },
    async write(leads, range, syncedAt, onProgress) {
      // the run's own leads alone too many: said before the file is read
      const perSheet = countBySheet(leads);
      checkRowLimit(perSheet, maxRows);
      onProgress(10, `Reading ${path.basename(file)}`);
      const existing = await readRows(file);
      onProgress(40, 'Comparing rows');
      const merged = mergeSheetEntries(existing, leads, range, syncedAt, perSheet);
      // kept rows and the run's together: a first run's were counted above
      const { Leads, Unformatted } = merged.sheets;
      if (Array.isArray(Leads) && Array.isArray(Unformatted))
        checkRowLimit({ Leads: Leads.length, Unformatted: Unformatted.length }, maxRows);
      if (merged.written === 0 && merged.removed === 0) {
        onProgress(100, 'Spreadsheet already up to date');
        return { written: 0, removed: 0 };
      }
      onProgress(60, `Writing ${merged.written} changed rows`);
      await writeRows(file, merged.sheets, syncedAt);
      onProgress(100, `${merged.written} rows written, ${merged.removed} removed`);
      return { written: merged.written, removed: merged.removed };
    },
  };
}
