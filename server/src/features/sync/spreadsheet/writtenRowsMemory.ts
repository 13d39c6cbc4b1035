import { RUN_LEADS_IN_MEMORY } from '../../../platform/config/runLeadsInMemory';
import { existingSheetsOf, type SheetName, type SheetRows } from './sheetLayout';
import type { FileSheets } from './sheetRowsScratch';
import { asReadBack } from './xlsxFile';

/** One write's rows as they pass to the file, kept once the file holds them. */
export interface WrittenRowsRecording {
  /** The sheet's rows, handed on as they are; each kept as reading the file back gives it. */
  pass(name: SheetName, rows: Iterable<string[]>): Iterable<string[]>;
  /** The file now holds what passed, and has this fingerprint. */
  keep(fingerprint: string): void;
}

/**
 * The rows the last write left in the sheet file, kept while the file is as that write left
 * it (the same fingerprint: size, modification time and inode, the one by which a run knows
 * the file unchanged). The next run then merges onto them instead of reading the file back
 * (150–250 ms of a 10,000-row sheet: unzipping and parsing its XML). A file changed since
 * (by a person, another instance, a failed run) has another fingerprint and is read again.
 * Kept up to a usual run's size (`limit` rows: RUN_LEADS_IN_MEMORY); a larger sheet is read
 * back from the file each time, never held whole.
 */
export function createWrittenRowsMemory(limit = RUN_LEADS_IN_MEMORY) {
  let kept: { fingerprint: string; rows: SheetRows } | null = null;
  return {
    /** The rows the file holds, if it still has the fingerprint it had after the last write. */
    rowsOf(fingerprint: string): FileSheets | null {
      if (kept?.fingerprint !== fingerprint) return null;
      return { ...existingSheetsOf(kept.rows), close: () => {} };
    },
    /** Forgets the rows: the file is about to change, or may have. */
    forget() {
      kept = null;
    },
    /** Keeps the rows of one write as they pass, until there are more than `limit`. */
    record(): WrittenRowsRecording {
      let rows: SheetRows | null = { Leads: [], Unformatted: [] };
      let count = 0;
      return {
        *pass(name, sheetRows) {
          for (const cells of sheetRows) {
            if (rows && (count += 1) > limit) rows = null;
            rows?.[name].push(cells.map((cell) => asReadBack(cell ?? '')));
            yield cells;
          }
        },
        keep(fingerprint) {
          kept = rows && { fingerprint, rows };
        },
      };
    },
  };
}
