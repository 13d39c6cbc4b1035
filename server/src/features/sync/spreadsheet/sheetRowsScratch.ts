import { openScratchDatabase, pagesOf } from '../../../platform/db/sqlite/openScratchDatabase';
import { leadIdOfRow, type ExistingSheets, type SheetName } from './sheetLayout';

/** Rows read back at a time, and written to the scratch database in one transaction. */
export const ROWS_AT_A_TIME = 1_000;

export type FileSheets = ExistingSheets & { close(): void };

/** A row read from a sheet file: its row number there, and its cells in HEADER's order. */
export interface ReadRow {
  pos: number;
  cells: string[];
}

export interface SheetRowsScratch {
  /** Keeps these rows of the sheet, in one transaction: the first row of each leadId. */
  store(name: SheetName, rows: readonly ReadRow[]): void;
  /** What was stored, read back a page at a time; closing it lets go of the database. */
  sheets(): FileSheets;
  /** Lets go of the database without reading it (the file was read another way). */
  close(): void;
}

/**
 * Where a sheet file's rows go as they are read, so that a sheet of a million rows is never
 * whole in memory: a scratch database (its own temporary file), one per attempt to read.
 */
export function openSheetRowsScratch(): SheetRowsScratch {
  const db = openScratchDatabase();
  db.exec(`CREATE TABLE sheet_rows (sheet TEXT NOT NULL, pos INTEGER NOT NULL, lead_id TEXT NOT NULL,
    cells TEXT NOT NULL, PRIMARY KEY (sheet, lead_id)) WITHOUT ROWID;
    CREATE UNIQUE INDEX sheet_rows_order ON sheet_rows (sheet, pos)`);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO sheet_rows (sheet, pos, lead_id, cells) VALUES (?, ?, ?, ?)',
  );
  let repeated = 0;
  const store = db.transaction((name: SheetName, rows: readonly ReadRow[]) => {
    for (const { pos, cells } of rows) {
      const leadId = leadIdOfRow(cells);
      if (leadId && insert.run(name, pos, leadId, JSON.stringify(cells)).changes === 0) repeated += 1;
    }
  });
  return {
    store,
    sheets() {
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
    },
    close: () => db.close(),
  };
}
