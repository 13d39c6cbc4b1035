import type { ImportField, ImportMapping } from '@auditdesk/shared/core';
import type { ImportLimits } from '../../../platform/config/importLimits';
import { unprocessable } from './importProblems';
import { proposeMapping } from './proposeMapping';
import { tooManyRows } from './read/rowSink';

/** A row after the header, as the plan reads it: only the text of the columns mapped to a field. */
export interface ImportRow {
  /** As a spreadsheet shows it: the header is row 1. */
  number: number;
  /** The mapped columns' text, trimmed, in the order of `MappedColumns.columns`. */
  cells: string[];
}

/** The header, the mapping, and the columns a row keeps (the mapped ones, in file order). */
export interface MappedColumns {
  header: string[];
  mapping: ImportMapping;
  columns: { field: ImportField; column: number }[];
}

const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Collects a file's rows as they are read: the first row with any text is the header, which
 * with the person's mapping (or the one its names propose) says which columns are kept; every
 * later row with any text is handed to `onRow` with those columns only, so a wide file's other
 * columns are never held. Past `limits.rows` rows the file is refused.
 */
export function createRowCollector(
  limits: ImportLimits,
  chosen: ImportMapping | null,
  onHeader: (columns: MappedColumns) => void,
  onRow: (row: ImportRow) => void,
) {
  let columns: MappedColumns | null = null;
  let rows = 0;
  return {
    get columns() {
      return columns;
    },
    row(number: number, cells: string[]) {
      if (blank(cells)) return;
      if (!columns) {
        const header = cells.map((cell) => cell.trim());
        const mapping = chosen ?? proposeMapping(header);
        if (chosen && chosen.length !== header.length)
          throw unprocessable(
            `The mapping names ${chosen.length} columns but the file has ${header.length}. Preview the file again.`,
          );
        if (!chosen && mapping.every((field) => field === null))
          throw unprocessable(
            'The first row names no column this import knows (Customer Name, Lead ID, Scheduled Date…). The first row of the file must be its header.',
          );
        columns = {
          header,
          mapping,
          columns: mapping.flatMap((field, column) => (field ? [{ field, column }] : [])),
        };
        onHeader(columns);
        return;
      }
      rows += 1;
      if (rows > limits.rows) throw tooManyRows(limits);
      onRow({ number, cells: columns.columns.map(({ column }) => (cells[column] ?? '').trim()) });
    },
  };
}
