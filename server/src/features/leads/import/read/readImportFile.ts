import path from 'node:path';
import { unsupportedFile, unprocessable } from '../importProblems';
import { readCsv } from './readCsv';
import type { RowSink } from './rowSink';
import { readXlsx } from './xlsx/readXlsx';

/** Reads a .csv or .xlsx file into the sink, by its extension; anything else is refused. */
export async function readImportFile(fileName: string, file: Buffer, sink: RowSink): Promise<void> {
  const extension = path.extname(fileName).toLowerCase();
  if (extension !== '.csv' && extension !== '.xlsx') throw unsupportedFile(fileName);
  if (file.length === 0) throw unprocessable('The file is empty.');
  await (extension === '.csv' ? readCsv(file, sink) : readXlsx(file, sink));
}
