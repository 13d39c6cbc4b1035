import ExcelJS from 'exceljs';
import { blobBytes } from './readBlob';

/** An .xlsx file read back with exceljs: each sheet's rows as the values of their cells. */
export async function readWorkbook(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blobBytes(blob));
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: ExcelJS.CellValue[][] = [];
    for (let number = 1; number <= sheet.rowCount; number += 1) {
      const row = sheet.getRow(number);
      rows.push(
        Array.from({ length: sheet.columnCount }, (_, column) => row.getCell(column + 1).value ?? null),
      );
    }
    return rows;
  };
  return { workbook, rowsOf, sheet: (name: string) => workbook.getWorksheet(name)! };
}
