import { ImportLimitError, type ImportLimits } from '../../../../platform/config/importLimits';

/** Where a reader puts what it reads: each row as text cells, in file order. */
export interface RowSink {
  limits: ImportLimits;
  /** A row, with its number as a spreadsheet shows it (the first row is 1). */
  row(number: number, cells: string[]): void;
  /**
   * Awaited between chunks of the file: refuses a file past its time budget, and waits while
   * the rows read are ahead of the rows checked.
   */
  between(): Promise<void>;
}

const count = (n: number) => n.toLocaleString('en-US');

export const tooManyRows = (limits: ImportLimits) =>
  new ImportLimitError(
    'rows',
    `The file has more than ${count(limits.rows)} rows. Split it into smaller files.`,
  );

export const tooManyColumns = (row: number, column: number, limits: ImportLimits) =>
  new ImportLimitError(
    'columns',
    `Row ${count(row)} has a value in column ${count(column)}; an import reads at most ${count(limits.columns)} columns.`,
  );

export const cellTooLong = (row: number | null, limits: ImportLimits) =>
  new ImportLimitError(
    'cellLength',
    `${row === null ? 'A cell' : `A cell of row ${count(row)}`} holds more than ${count(limits.cellLength)} characters.`,
  );

/** Line ends as one: a carriage return alone or before a line feed is a line feed, inside a value too. */
export const oneLineEnd = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

/**
 * Checks a row read against the limits on columns and cell length, and hands it on with its
 * line ends made one (a bare carriage return never lands inside a value).
 */
export function checkedRow(sink: RowSink, number: number, cells: string[]): void {
  const { limits } = sink;
  for (let column = 0; column < cells.length; column += 1) {
    const cell = cells[column]!;
    if (cell === '') continue;
    if (column >= limits.columns) throw tooManyColumns(number, column + 1, limits);
    if (cell.length > limits.cellLength) throw cellTooLong(number, limits);
    if (cell.includes('\r')) cells[column] = oneLineEnd(cell);
  }
  sink.row(number, cells);
}
