import { IMPORT_MAX_ROWS } from '@auditdesk/shared/core';
import path from 'node:path';
import { unprocessable, unsupportedFile } from './importProblems';
import type { ImportTable } from './importTable';
import { readCsv } from './readCsv';
import { readXlsx } from './readXlsx';

/** A .csv or .xlsx file's table, by its extension; anything else is refused. */
export async function readImportFile(fileName: string, file: Buffer): Promise<ImportTable> {
  const extension = path.extname(fileName).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx') throw unsupportedFile(fileName);
  if (file.length === 0) throw unprocessable('The file is empty.');
  const table =
    extension === '.csv' ? await readCsv(file, IMPORT_MAX_ROWS) : await readXlsx(file, IMPORT_MAX_ROWS);
  if (table.header.length === 0) throw unprocessable('The file is empty.');
  return table;
}
