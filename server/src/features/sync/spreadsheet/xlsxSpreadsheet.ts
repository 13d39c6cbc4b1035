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
import { RunStopped, type RunHold } from '../lock/runHold';
import { SpreadsheetError, type SpreadsheetSink } from './spreadsheetSink';
import { writeXlsxFile } from './xlsxFile';
import { createWrittenRowsMemory, type WrittenRowsRecording } from './writtenRowsMemory';

const escaped = (file: string) => path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What a run writes before it replaces the file: `.leads.xlsx.run-42.tmp`. */
const RUN_TEMP = (file: string) => new RegExp(`^\\.${escaped(file)}\\.run-(\\d+)\\.tmp$`);
/** What an older release wrote, named by its process: `.leads.xlsx.4242.tmp`. */
const PROCESS_TEMP = (file: string) => new RegExp(`^\\.${escaped(file)}\\.\\d+\\.tmp$`);
const tempOf = (file: string, runId: number) =>
  path.join(path.dirname(file), `.${path.basename(file)}.run-${runId}.tmp`);

/**
 * Removes what interrupted writes left beside the file: an older release's (named by its
 * process), and, given the run that is about to write, the temp files of older runs. A run
 * writes only while it holds the lease, so an older run's file is a killed run's, or a
 * failed run's whose instance still works: removed, its rename finds nothing to put in
 * place. A newer run's file is never touched (this run may have lost its lease to it).
 */
export function removeStaleTempFiles(file: string, olderThanRun?: number): void {
  const folder = path.dirname(file);
  const [ofProcess, ofRun] = [PROCESS_TEMP(file), RUN_TEMP(file)];
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return; // no folder yet: nothing left behind
  }
  for (const name of names) {
    const run = ofRun.exec(name);
    const stale = run ? olderThanRun !== undefined && Number(run[1]) < olderThanRun : ofProcess.test(name);
    if (stale) fs.rmSync(path.join(folder, name), { force: true });
  }
}

function* rowsOf(entries: Iterable<SheetEntry>, syncedAt: string): Generator<string[]> {
  for (const entry of entries) yield rowOfEntry(entry, syncedAt);
}

/**
 * Writes the whole workbook to the run's temp file beside the target, answering its path:
 * the caller renames it over the target, or removes it.
 */
async function writeTemp(
  file: string,
  entries: Record<SheetName, Iterable<SheetEntry>>,
  syncedAt: string,
  runId: number,
  recording: WrittenRowsRecording,
) {
  ensurePrivateFolder(path.dirname(file));
  removeStaleTempFiles(file, runId);
  const temp = tempOf(file, runId);
  try {
    const sheets = SHEET_NAMES.map((name) => ({
      name,
      header: HEADER,
      rows: recording.pass(name, rowsOf(entries[name], syncedAt)),
      widths: HEADER.map((key) => (key === 'comments' ? 40 : 20)),
    }));
    // the customers' names and phone numbers: for the owner's eyes only
    await writeXlsxFile(temp, sheets, 0o600);
    return temp;
  } catch (error) {
    fs.rmSync(temp, { force: true });
    if (error instanceof RunStopped) throw error;
    throw new SpreadsheetError(
      `The spreadsheet file ${path.basename(file)} cannot be written: ${fileErrorReason(error)}`,
      { cause: error },
    );
  }
}

/** Rows between two looks at the lease while the workbook is written. */
const ROWS_PER_LOOK = 1000;

/** The entries, counted into `counts[name]` as they are read; a run known to have lost its lease stops. */
function* counted<T>(
  entries: Iterable<T>,
  counts: Record<SheetName, number>,
  name: SheetName,
  fence: RunHold,
): Generator<T> {
  for (const entry of entries) {
    counts[name] += 1;
    if (counts[name] % ROWS_PER_LOOK === 0) fence.throwIfLost();
    yield entry;
  }
}

/** The file's fingerprint (size, modification time, inode), or 'absent'. */
async function fingerprintOf(file: string): Promise<string> {
  try {
    const stat = await fs.promises.stat(file);
    return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch {
    return 'absent';
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
 * The .xlsx file sink: sheets 'Leads' and 'Unformatted', rewritten only when a row changed:
 * written whole beside the file, then renamed over it only while the run holds its lease
 * (on SQLite inside the write transaction that checks it), so a run that failed or lost
 * its lease never replaces what the run that took over wrote, nor leaves half a workbook.
 * A run merges onto the rows the last write left while the file is as it left it
 * (writtenRowsMemory), and reads the file back otherwise.
 * `maxRows`: the rows a sheet may hold (XLSX_MAX_ROWS; smaller in tests); `readFile`: how the
 * file's rows are read back (tests count the reads).
 */
export function createXlsxSpreadsheet(
  file: string,
  {
    maxRows = XLSX_MAX_ROWS,
    readFile = existingSheetsOfFile,
  }: { maxRows?: number; readFile?: typeof existingSheetsOfFile } = {},
): SpreadsheetSink {
  removeStaleTempFiles(file);
  const writtenRows = createWrittenRowsMemory();
  return {
    description: `spreadsheet ${path.basename(file)}`,
    fingerprint: () => fingerprintOf(file),
    async write(leads, { range, syncedAt, fence, onProgress }) {
      // the run's own leads alone too many: said before the file is read
      checkRowLimit(await countBySheet(leads), maxRows);
      onProgress(10, `Reading ${path.basename(file)}`);
      // taken before the file is read: a change made meanwhile gives the file another one
      const before = await fingerprintOf(file);
      const existing = writtenRows.rowsOf(before) ?? (await readFile(file));
      // kept again only once the file is known to hold them
      writtenRows.forget();
      const recording = writtenRows.record();
      let temp: string | null = null;
      try {
        onProgress(40, `Writing ${path.basename(file)}`);
        const merged = mergeSheets(existing, leads, range, syncedAt);
        // the merge is made as the file is written: its counts are known once it is
        const rows: Record<SheetName, number> = { Leads: 0, Unformatted: 0 };
        temp = await writeTemp(
          file,
          {
            Leads: counted(merged.sheets.Leads, rows, 'Leads', fence),
            Unformatted: counted(merged.sheets.Unformatted, rows, 'Unformatted', fence),
          },
          syncedAt,
          fence.runId,
          recording,
        );
        // the rows kept from outside the range and the run's together
        checkRowLimit(rows, maxRows);
        const { written, removed } = merged.tally;
        // the file is left as it was (its time too): the next run can tell it is unchanged
        if (written === 0 && removed === 0) {
          recording.keep(before);
          onProgress(100, 'Spreadsheet already up to date');
          return { written: 0, removed: 0 };
        }
        const complete = temp;
        // a rename keeps size, time and inode: the file's fingerprint once it is in place
        const after = await fingerprintOf(complete);
        await fence.whileOwned(() => {
          try {
            fs.renameSync(complete, file);
          } catch (error) {
            throw new SpreadsheetError(
              `The spreadsheet file ${path.basename(file)} cannot be written: ${fileErrorReason(error)}`,
              { cause: error },
            );
          }
        });
        temp = null;
        recording.keep(after);
        onProgress(100, `${written} rows written, ${removed} removed`);
        return { written, removed };
      } finally {
        if (temp) fs.rmSync(temp, { force: true });
        existing.close();
      }
    },
  };
}
