import { formatDay } from '../format/formatDateTime';
import { expandHeaderRow, type ExportCell, type ExportTable } from './exportTable';
import { neutralizeFormula } from './neutralizeFormula';

/** Every field quoted: a separator inside one never starts a cell, whichever separator the reader uses. */
const field = (value: string) => `"${value.replace(/"/g, '""')}"`;

function text(cell: ExportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return formatDay(cell);
  if (typeof cell === 'number') return String(cell);
  return neutralizeFormula(cell);
}

/**
 * RFC 4180: CRLF between records, every field quoted, quotes doubled. Text that would start
 * a formula, at its start or after any separator, is neutralised. The UTF-8 byte
 * order mark in front lets Excel read the accents of names.
 */
export function toCsv(table: ExportTable): string {
  const records = [
    ...table.header.map((row) => expandHeaderRow(row).map((cell) => field(neutralizeFormula(cell)))),
    ...table.rows.map((row) => row.map((cell) => field(text(cell)))),
  ];
  return `\uFEFF${records.map((record) => record.join(',')).join('\r\n')}\r\n`;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
