/** A cell of an exported table: text, a number, or a calendar day (a Date at UTC midnight). */
export type ExportCell = string | number | Date | null;

/** A header cell; `span` makes it cover that many columns (a group heading). */
export interface ExportHeaderCell {
  text: string;
  span?: number;
}

/** A table as it leaves the app, whatever the file format. */
export interface ExportTable {
  /** The sheet's name in a workbook. */
  name: string;
  /** Header rows, top to bottom. */
  header: ExportHeaderCell[][];
  rows: ExportCell[][];
  /** Rows (indexes into `rows`) drawn bold, such as totals. */
  boldRows?: ReadonlySet<number>;
  /** Column widths in characters. */
  widths?: number[];
  /** Columns kept in view when scrolling sideways (the row labels). */
  stickyColumns?: number;
}

/** A table with one plain header row. */
export function simpleTable(
  name: string,
  headers: string[],
  rows: ExportCell[][],
  options: Pick<ExportTable, 'widths' | 'stickyColumns'> = {},
): ExportTable {
  return { name, header: [headers.map((text) => ({ text }))], rows, ...options };
}

/** A header row laid out cell by cell: each spanned cell followed by empty ones. */
export function expandHeaderRow(row: ExportHeaderCell[]): string[] {
  return row.flatMap((cell) => [cell.text, ...Array<string>(Math.max(0, (cell.span ?? 1) - 1)).fill('')]);
}
