import { openScratchDatabase, pagesOf } from '../../../platform/db/sqlite/openScratchDatabase';
import { RUN_LEADS_IN_MEMORY } from '../../../platform/config/runLeadsInMemory';
import { alignedRow, leadIdOfRow, SHEET_NAMES, type ExistingSheets, type SheetName } from './sheetLayout';

/** Rows read back at a time, and written to the scratch database in one transaction. */
const ROWS_AT_A_TIME = 1_000;

export type FileSheets = ExistingSheets & { close(): void };

/** One sheet's rows as a reader finds them, in the sheet's own column order. */
export interface SheetRowsTaker {
  /** Row 1 is the sheet's header; the others are kept in HEADER's order (alignedRow). */
  add(pos: number, cells: string[]): void;
  /** Stores what is still pending. */
  end(): void;
}

export interface SheetRowsScratch {
  /** Takes this sheet's rows, storing them a thousand at a time: the first row of each leadId. */
  sheet(name: SheetName): SheetRowsTaker;
  /** What was stored, read back a page at a time; closing it lets go of the database. */
  sheets(): FileSheets;
  /** Lets go of the database without reading it (the file was read another way). */
  close(): void;
}

/** The scratch database the rows move to once there are more than a usual run's. */
function openRowsDatabase() {
  const db = openScratchDatabase();
  db.exec(`CREATE TABLE sheet_rows (sheet TEXT NOT NULL, pos INTEGER NOT NULL, lead_id TEXT NOT NULL,
    cells TEXT NOT NULL, PRIMARY KEY (sheet, lead_id)) WITHOUT ROWID;
    CREATE UNIQUE INDEX sheet_rows_order ON sheet_rows (sheet, pos)`);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO sheet_rows (sheet, pos, lead_id, cells) VALUES (?, ?, ?, ?)',
  );
  return {
    /** Stores the rows (each has a leadId); answers how many repeated a leadId already stored. */
    store: db.transaction((name: SheetName, rows: readonly { pos: number; cells: string[] }[]) => {
      let repeated = 0;
      for (const { pos, cells } of rows)
        if (insert.run(name, pos, leadIdOfRow(cells), JSON.stringify(cells)).changes === 0) repeated += 1;
      return repeated;
    }),
    sheets(repeated: number): FileSheets {
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

/**
 * Where a sheet file's rows go as they are read. A sheet of a usual run's size (`inMemory`
 * rows, as many as a run holds of its leads: RUN_LEADS_IN_MEMORY) is kept in memory, where
 * reading it back costs nothing; past that, so that a sheet of a million rows is never whole
 * in memory, the rows move to a scratch database (its own temporary file), one per attempt
 * to read.
 */
export function openSheetRowsScratch({
  inMemory = RUN_LEADS_IN_MEMORY,
}: { inMemory?: number } = {}): SheetRowsScratch {
  let memory: Record<SheetName, Map<string, string[]>> | null = { Leads: new Map(), Unformatted: new Map() };
  let kept = 0;
  let db: ReturnType<typeof openRowsDatabase> | null = null;
  let repeated = 0;
  const store = (name: SheetName, rows: readonly { pos: number; cells: string[] }[]) => {
    if (memory) {
      for (const { cells } of rows) {
        const leadId = leadIdOfRow(cells);
        if (!leadId) continue;
        // the first row of a leadId is kept, in its place; a Map keeps the order rows were added in
        if (memory[name].has(leadId)) repeated += 1;
        else {
          memory[name].set(leadId, cells);
          kept += 1;
        }
      }
      if (kept <= inMemory) return;
      db = openRowsDatabase();
      for (const sheet of SHEET_NAMES) {
        let pos = 0;
        db.store(
          sheet,
          Array.from(memory[sheet].values(), (cells) => ({ pos: (pos += 1), cells })),
        );
      }
      memory = null;
      return;
    }
    repeated += db!.store(
      name,
      rows.filter(({ cells }) => leadIdOfRow(cells) !== ''),
    );
  };
  return {
    sheet(name) {
      let header: string[] = [];
      let pending: { pos: number; cells: string[] }[] = [];
      return {
        add(pos, cells) {
          if (pos === 1) header = cells;
          else pending.push({ pos, cells: alignedRow(header, cells) });
          if (pending.length >= ROWS_AT_A_TIME) {
            store(name, pending);
            pending = [];
          }
        },
        end: () => {
          store(name, pending);
          pending = [];
        },
      };
    },
    sheets() {
      if (db) return db.sheets(repeated);
      const rows = memory!;
      return {
        repeated,
        rows: (name) => rows[name].values(),
        holds: (name, leadId) => rows[name].has(leadId),
        close: () => {},
      };
    },
    close: () => db?.close(),
  };
}
