import { restoreNeutralizedFormula } from '@auditdesk/shared/core';
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { unprocessable } from './importProblems';
import { tableCollector, type ImportTable } from './importTable';

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator the header line uses most (outside quotes): `,` unless `;` or tab win. */
function separatorOf(file: Buffer): string {
  const end = file.indexOf(10);
  const line = file.subarray(0, end === -1 ? Math.min(file.length, 64 * 1024) : end).toString('utf8');
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = SEPARATORS.map((separator) => unquoted.split(separator).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return counts[best]! > 0 ? SEPARATORS[best]! : ',';
}

/**
 * A CSV file's rows (RFC 4180, separated by `,`, `;` or tab as its header line is), UTF-8
 * with or without its byte order mark. Cells keep their text as written, except the
 * apostrophe the export puts before text that looks like a formula, taken off again.
 */
export async function readCsv(file: Buffer, maxRows: number): Promise<ImportTable> {
  if (file.includes(0))
    throw unprocessable(
      'The file is not a CSV text file (it holds binary data). Choose a .csv or .xlsx file.',
    );
  const collector = tableCollector(maxRows, () =>
    unprocessable(
      `The file has more than ${maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
    ),
  );
  const parser = Readable.from([file]).pipe(
    parse({ bom: true, delimiter: separatorOf(file), relax_column_count: true, relax_quotes: true }),
  );
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      collector.add(record, cells.map(restoreNeutralizedFormula));
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_'))
      throw unprocessable(`The file cannot be read as CSV: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
  }
  return collector.table;
}
