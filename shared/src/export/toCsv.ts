import { formatDay } from '../format/formatDateTime';
import { expandHeaderRow, type ExportCell, type ExportTable } from './exportTable';
import { neutralizeFormula } from './neutralizeFormula';

const NEEDS_QUOTES = /[",\r\n]/;

function field(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function text(cell: ExportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return formatDay(cell);
  if (typeof cell === 'number') return String(cell);
  return neutralizeFormula(cell);
}

/**
 * RFC 4180: CRLF between records, a field quoted when it holds a comma, a quote or a line
 * break, quotes doubled. Text that would start a formula is neutralised. The UTF-8 byte
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
