import { downloadFile } from './downloadFile';
import type { ExportTable } from './exportTable';
import { CSV_TYPE, toCsv } from './toCsv';
import { toXlsx } from './toXlsx';

export type ExportFormat = 'xlsx' | 'csv';

/** The file of a table in a format, named `<baseName>.<format>`. */
export async function exportFile(
  table: ExportTable,
  format: ExportFormat,
): Promise<{ blob: Blob; extension: string }> {
  if (format === 'csv') return { blob: new Blob([toCsv(table)], { type: CSV_TYPE }), extension: 'csv' };
  return { blob: await toXlsx([table]), extension: 'xlsx' };
}

/** Builds the file and downloads it. */
export async function downloadTable(
  table: ExportTable,
  format: ExportFormat,
  baseName: string,
): Promise<void> {
  const { blob, extension } = await exportFile(table, format);
  downloadFile(blob, `${baseName}.${extension}`);
}
