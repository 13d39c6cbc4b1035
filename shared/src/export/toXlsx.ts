import type { Cell, Row, Sheet } from 'write-excel-file/browser';
import type { ExportCell, ExportHeaderCell, ExportTable } from './exportTable';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sheet names: at most 31 characters, none of : \ / ? * [ ] */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

function headerRow(row: ExportHeaderCell[]): Row {
  return row.flatMap((cell) => {
    const span = Math.max(1, cell.span ?? 1);
    const first: Cell = {
      value: cell.text,
      type: String,
      fontWeight: 'bold',
      backgroundColor: '#F1F3F5',
      align: span > 1 ? 'center' : undefined,
      columnSpan: span > 1 ? span : undefined,
    };
    return [first, ...Array<Cell>(span - 1).fill(null)];
  });
}

function bodyCell(cell: ExportCell, bold: boolean): Cell {
  const weight = bold ? ({ fontWeight: 'bold' } as const) : {};
  if (cell === null) return null;
  if (cell instanceof Date) return { value: cell, type: Date, format: 'mm/dd/yyyy', ...weight };
  if (typeof cell === 'number') return { value: cell, type: Number, ...weight };
  // a string cell, never a formula, whatever it starts with (as the server's sink writes it)
  return { value: cell, type: String, ...weight };
}

function toSheet(table: ExportTable): Sheet<Blob> {
  return {
    sheet: sheetName(table.name),
    data: [
      ...table.header.map(headerRow),
      ...table.rows.map((row, index) =>
        row.map((cell) => bodyCell(cell, table.boldRows?.has(index) ?? false)),
      ),
    ],
    columns: table.widths?.map((width) => ({ width })),
    stickyRowsCount: table.header.length,
    stickyColumnsCount: table.stickyColumns,
  };
}

/**
 * The tables as one .xlsx workbook, a sheet each. The writer is fetched on first use, so
 * it is never part of a screen's first load.
 */
export async function toXlsx(tables: ExportTable[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import(
    /* webpackChunkName: "xlsx-writer" */ 'write-excel-file/browser'
  );
  return writeXlsxFile(tables.map(toSheet)).toBlob();
}
