import fs from 'node:fs';
import path from 'node:path';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import { ensurePrivateFolder } from '../../../platform/files/privateFolder';
import { existingSheetsOfFile } from './existingSheetsOfFile';
import {
  countBySheet,
  HEADER,
  mergeSheets,
  rowOfEntry,
  SHEET_NAMES,
  type SheetEntry,
  type SheetName,
} from './sheetLayout';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';
import { writeXlsxFile } from './xlsxFile';

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

/**
 * Writes the whole workbook to a temp file beside the target, answering its path: the caller
 * renames it over the target, or removes it.
 */
async function writeTemp(file: string, entries: Record<SheetName, Iterable<SheetEntry>>, syncedAt: string) {
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
    return temp;
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new SpreadsheetError(
      `The spreadsheet file ${path.basename(file)} cannot be written: ${fileErrorReason(error)}`,
      { cause: error },
    );
  }
}

/** The entries, counted into `counts[name]` as they are read. */
function* counted<T>(entries: Iterable<T>, counts: Record<SheetName, number>, name: SheetName): Generator<T> {
  for (const entry of entries) {
    counts[name] += 1;
    yield entry;
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
      checkRowLimit(await countBySheet(leads), maxRows);
      onProgress(10, `Reading ${path.basename(file)}`);
      const existing = await existingSheetsOfFile(file);
      let temp: string | null = null;
      try {
        onProgress(40, `Writing ${path.basename(file)}`);
        const merged = mergeSheets(existing, leads, range, syncedAt);
        // the merge is made as the file is written: its counts are known once it is
        const rows: Record<SheetName, number> = { Leads: 0, Unformatted: 0 };
        temp = await writeTemp(
          file,
          {
            Leads: counted(merged.sheets.Leads, rows, 'Leads'),
            Unformatted: counted(merged.sheets.Unformatted, rows, 'Unformatted'),
          },
          syncedAt,
        );
        // the rows kept from outside the range and the run's together
        checkRowLimit(rows, maxRows);
        const { written, removed } = merged.tally;
        // the file is left as it was (its time too): the next run can tell it is unchanged
        if (written === 0 && removed === 0) {
          onProgress(100, 'Spreadsheet already up to date');
          return { written: 0, removed: 0 };
        }
        try {
          fs.renameSync(temp, file);
        } catch (error) {
          throw new SpreadsheetError(
            `The spreadsheet file ${path.basename(file)} cannot be written: ${fileErrorReason(error)}`,
            { cause: error },
          );
        }
        temp = null;
        onProgress(100, `${written} rows written, ${removed} removed`);
        return { written, removed };
      } finally {
        if (temp) fs.rmSync(temp, { force: true });
        existing.close();
      }
    },
  };
}
