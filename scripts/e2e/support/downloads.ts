import type { Download } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../../apps';
import { parseCsv } from '../../../shared/src/testing/parseCsv';

/** The part of exceljs read here (a dependency of the packages that read spreadsheets, not of the root). */
interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  worksheets: {
    rowCount: number;
    columnCount: number;
    getRow(number: number): { getCell(column: number): { value: unknown } };
  }[];
}
const ExcelJS = createRequire(path.join(ROOT, 'shared', 'package.json'))('exceljs') as {
  Workbook: new () => Workbook;
};

/** A downloaded CSV file's records. */
export async function downloadedCsv(download: Download): Promise<string[][]> {
  return parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
}

/** A downloaded .xlsx file's first sheet, as the values of its cells. */
export async function downloadedXlsx(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, column) => row.getCell(column + 1).value ?? null),
    );
  }
  return rows;
}
