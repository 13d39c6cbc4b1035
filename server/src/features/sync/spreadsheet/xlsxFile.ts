import { writeZipFile, type ZipEntry } from './zipFile';

export interface SheetData {
  name: string;
  header: readonly string[];
  /** Read once, in order, as the sheet is written: a generator keeps only a window of them. */
  rows: Iterable<readonly string[]>;
  /** Column widths in characters, per column. */
  widths: readonly number[];
}

// XML 1.0 has no place for most control characters or lone surrogates: they are dropped.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// most cells need none of it: one test instead of five replaces (a fifth of a sheet's time)
const NEEDS_ESCAPING =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;
const escapeXml = (text: string) =>
  !NEEDS_ESCAPING.test(text)
    ? text
    : text
        .replace(INVALID_XML, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');

/**
 * A cell's text as reading the file back gives it: without what XML cannot hold (dropped by
 * escapeXml), with its line ends as XML normalizes them (CR LF and a lone CR read as LF).
 */
export const asReadBack = (text: string): string =>
  !NEEDS_ESCAPING.test(text) && !text.includes('\r')
    ? text
    : text.replace(INVALID_XML, '').replace(/\r\n?/g, '\n');

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** What every sheet starts with, before its columns' widths and its rows (readOwnXlsx checks it). */
export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
export const SHEET_END = '</sheetData></worksheet>';
/** The header row's cells are bold: the second cell format of STYLES. */
export const HEADER_STYLE = ' s="1"';

/** Rows go to the zip this many at a time, so a sheet is never one string in memory. */
const ROWS_PER_CHUNK = 1000;

/**
 * Every cell an inline string: Excel, LibreOffice and Google Sheets show the text as it
 * is, and text starting with =, +, - or @ is never a formula.
 */
function* sheetXml({ header, rows, widths }: SheetData): Generator<Buffer> {
  const columns = header.map((_, index) => columnName(index));
  const row = (cells: readonly string[], number: number, style: string) =>
    `<row r="${number}">${cells
      .map(
        (value, index) =>
          `<c r="${columns[index]}${number}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value ?? '')}</t></is></c>`,
      )
      .join('')}</row>`;
  const cols = widths
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  yield Buffer.from(`${SHEET_START}<cols>${cols}</cols><sheetData>${row(header, 1, HEADER_STYLE)}`);
  let number = 1;
  let chunk = '';
  for (const cells of rows) {
    number += 1;
    chunk += row(cells, number, '');
    if ((number - 1) % ROWS_PER_CHUNK === 0) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(`${chunk}${SHEET_END}`);
}

const CONTENT_TYPES = (count: number) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  Array.from(
    { length: count },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('') +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * The archive's entries for these sheets, in its order (a sheet's entry names its sheet): the
 * parts around the sheets are the same for the same sheet names (readOwnXlsx compares them
 * byte for byte).
 */
export function xlsxEntries(sheets: readonly SheetData[]): (ZipEntry & { sheet?: string })[] {
  const workbook =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets>${sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets>` +
    '</workbook>';
  const workbookRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
    '</Relationships>';
  return [
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES(sheets.length)) },
    { name: '_rels/.rels', content: Buffer.from(ROOT_RELS) },
    { name: 'xl/workbook.xml', content: Buffer.from(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(workbookRels) },
    ...sheets.map((sheet, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      content: sheetXml(sheet),
      sheet: sheet.name,
    })),
    // not a sheet last: ExcelJS's streaming reader (4.4) loses a worksheet that ends the archive
    { name: 'xl/styles.xml', content: Buffer.from(STYLES) },
  ];
}

/**
 * Writes an .xlsx workbook (Office Open XML) with these sheets, a bold frozen header row
 * and text cells, to `file` (created with `mode`). Written directly and streamed through
 * Node's zlib, because the general writer spent seconds on 10,000 rows and a whole sheet
 * held as one string took hundreds of MB at 100,000; zipped by writeZipFile, whose CRC is
 * native (yazl's, in JavaScript, took as long as building the XML).
 */
export async function writeXlsxFile(file: string, sheets: readonly SheetData[], mode: number): Promise<void> {
  await writeZipFile(file, xlsxEntries(sheets), mode);
}
