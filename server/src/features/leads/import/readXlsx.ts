import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { unprocessable } from './importProblems';
import { MAX_COLUMNS, tableCollector, type ImportTable } from './importTable';

/** A day as yyyy-mm-dd, a moment with a time as ISO 8601 in UTC. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * A cell as text. A formula is its text (`=A1*2`), never its value: nothing in a file is
 * evaluated, and what the file's own program last computed is not taken either.
 */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const formula = cell.formula || ('formula' in value ? value.formula : '');
      return formula ? `=${formula}` : '';
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('error' in value) return String(value.error);
    if ('text' in value) return typeof value.text === 'string' ? value.text : '';
    return '';
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** Is this a zip archive (an .xlsx is one)? */
const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

/** The first worksheet of an .xlsx workbook, read as a stream (no whole-workbook model in memory). */
export async function readXlsx(file: Buffer, maxRows: number): Promise<ImportTable> {
  const notAWorkbook = unprocessable(
    'The file is not a readable .xlsx workbook. Choose a .csv or .xlsx file.',
  );
  if (!isZip(file)) throw notAWorkbook;
  const collector = tableCollector(maxRows, () =>
    unprocessable(
      `The file has more than ${maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
    ),
  );
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const worksheet of reader) {
      sheets += 1;
      if (sheets > 1) continue; // the first sheet only; the others are drained
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const width = Math.min(row.cellCount, MAX_COLUMNS);
        collector.add(
          row.number,
          Array.from({ length: width }, (_, column) => cellText(row.getCell(column + 1))),
        );
      }
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw notAWorkbook;
  }
  if (sheets === 0) throw notAWorkbook;
  return collector.table;
}
