/** A file's rows as text, whatever its format: the header, then each row with its number. */
export interface ImportTable {
  header: string[];
  /** Rows after the header that have any text; `number` as a spreadsheet shows it (header: 1). */
  rows: ImportRow[];
}

export interface ImportRow {
  number: number;
  cells: string[];
}

/** Columns read from a row at most; a wider file's extra columns are not imported. */
export const MAX_COLUMNS = 500;

/** Collects a file's records into a table: the first is the header, empty rows are left out. */
export function tableCollector(maxRows: number, tooManyRows: () => Error) {
  const table: ImportTable = { header: [], rows: [] };
  let seenHeader = false;
  return {
    table,
    add(number: number, cells: string[]) {
      const kept = cells.slice(0, MAX_COLUMNS);
      if (!seenHeader) {
        if (kept.every((cell) => cell.trim() === '')) return;
        seenHeader = true;
        table.header = kept.map((cell) => cell.trim());
        return;
      }
      if (kept.every((cell) => cell.trim() === '')) return;
      if (table.rows.length >= maxRows) throw tooManyRows();
      table.rows.push({ number, cells: kept });
    },
  };
}
