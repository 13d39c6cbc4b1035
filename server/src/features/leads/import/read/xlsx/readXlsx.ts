import type { RowSink } from '../rowSink';
import { notAWorkbook } from './notAWorkbook';
import { readSharedStrings } from './sharedStrings';
import { readSheetRows } from './sheetRows';
import { readNumberKinds, readWorkbook } from './workbookParts';
import { openZipParts } from './zipParts';

/** Is this a zip archive (an .xlsx is one)? */
const isZip = (file: Buffer) => file.length >= 4 && file.readUInt32LE(0) === 0x04034b50;

/**
 * The first worksheet of an .xlsx workbook, row by row into the sink. The archive is read
 * from memory by its directory (zipParts.ts): the workbook's parts first, whatever their
 * order in the file, then its shared strings and styles, then the sheet, each parsed as it
 * unpacks within the import's limits. Nothing is written to disk and no file is opened.
 */
export async function readXlsx(file: Buffer, sink: RowSink): Promise<void> {
  if (!isZip(file)) throw notAWorkbook();
  const zip = await openZipParts(file, sink.limits);
  const workbook = await readWorkbook(zip, sink);
  const parts = [workbook.sheet, workbook.sharedStrings, workbook.styles].filter(
    (part): part is string => part !== null,
  );
  zip.declare(parts);
  const strings = workbook.sharedStrings ? await readSharedStrings(zip, workbook.sharedStrings, sink) : [];
  const numberKinds = workbook.styles ? await readNumberKinds(zip, workbook.styles, sink) : [];
  await readSheetRows(zip, workbook.sheet, sink, { strings, numberKinds, date1904: workbook.date1904 });
}
