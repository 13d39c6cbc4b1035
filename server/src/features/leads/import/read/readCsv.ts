import { restoreNeutralizedFormula } from '@auditdesk/shared/core';
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { unprocessable } from '../importProblems';
import { checkedRow, type RowSink } from './rowSink';

const SEPARATORS = [',', ';', '\t'] as const;
/** Records read between two looks at the time budget and the checking's pace. */
const RECORDS_BETWEEN_PAUSES = 256;

/** The separator the header line uses most (outside quotes): `,` unless `;` or tab win. */
function separatorOf(file: Buffer): string {
  const end = file.subarray(0, 64 * 1024).findIndex((byte) => byte === 10 || byte === 13);
  const line = file.subarray(0, end === -1 ? Math.min(file.length, 64 * 1024) : end).toString('utf8');
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = SEPARATORS.map((separator) => unquoted.split(separator).length - 1);
  const best = counts.indexOf(Math.max(...counts));
  return counts[best]! > 0 ? SEPARATORS[best]! : ',';
}

/**
 * A CSV file's rows (RFC 4180, separated by `,`, `;` or tab as its header line is), UTF-8
 * with or without its byte order mark. Records end at CR LF, LF or a CR alone, mixed as a
 * file may mix them. Cells keep their text as written, except the apostrophe the export
 * puts before text that looks like a formula, taken off again.
 */
export async function readCsv(file: Buffer, sink: RowSink): Promise<void> {
  if (file.includes(0))
    throw unprocessable(
      'The file is not a CSV text file (it holds binary data). Choose a .csv or .xlsx file.',
    );
  const parser = Readable.from([file]).pipe(
    parse({
      bom: true,
      delimiter: separatorOf(file),
      // without a list, csv-parse takes the first line end it meets for the whole file, and
      // a file mixing them loses rows (and a CR lands inside a value)
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
    }),
  );
  let record = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      for (let column = 0; column < cells.length; column += 1)
        if (cells[column]!.includes("'")) cells[column] = restoreNeutralizedFormula(cells[column]!);
      checkedRow(sink, record, cells);
      if (record % RECORDS_BETWEEN_PAUSES === 0) await sink.between();
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_'))
      throw unprocessable(`The file cannot be read as CSV: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
  }
}
