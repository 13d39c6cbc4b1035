import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existingSheetsOfFile, readWhole } from '../../src/features/sync/spreadsheet/existingSheetsOfFile';
import { NotOwnSheetError, OwnSheetReader } from '../../src/features/sync/spreadsheet/ownSheetReader';
import { readOwnXlsx } from '../../src/features/sync/spreadsheet/readOwnXlsx';
import { openSheetRowsScratch } from '../../src/features/sync/spreadsheet/sheetRowsScratch';
import {
  existingSheetsOf,
  HEADER,
  SHEET_NAMES,
  type ExistingSheets,
} from '../../src/features/sync/spreadsheet/sheetLayout';
import { writeXlsxFile, xlsxEntries, type SheetData } from '../../src/features/sync/spreadsheet/xlsxFile';
import { writeZipFile } from '../../src/features/sync/spreadsheet/zipFile';

const cells = (leadId: string, text: string) =>
  HEADER.map((column) =>
    column === 'leadId' ? leadId : column === 'comments' ? text : `${column} of ${leadId}`,
  );

/** Cell texts an XML writer or reader could get wrong. */
const TRICKY = [
  'a & b <c> "quoted" \'single\'',
  '&amp; written as text',
  'emoji 😀 and ünïcödé',
  'line one\r\nline two\rline three\nline four',
  '  leading and trailing spaces  ',
  '',
  'tab\there',
  'control\u0001\u001f characters dropped',
  'lone \ud800 surrogate dropped',
  '=SUM(A1) +1 -1 @me',
  ']]> and </t></is></c></row> as text',
  'ß'.repeat(40_000),
];

const sheet = (name: string, rows: string[][]): SheetData => ({
  name,
  header: HEADER,
  rows,
  widths: HEADER.map(() => 20),
});

const rowsOf = (sheets: ExistingSheets) =>
  Object.fromEntries(SHEET_NAMES.map((name) => [name, [...sheets.rows(name)]]));

/** What readOwnXlsx reads from the file, or false. */
async function readOwn(file: string, options?: { inMemory: number }) {
  const scratch = openSheetRowsScratch(options);
  try {
    if (!(await readOwnXlsx(file, scratch))) return false;
    const sheets = scratch.sheets();
    const leadIds = (name: (typeof SHEET_NAMES)[number]) => [...sheets.rows(name)].map((row) => row[0]!);
    // what the sheet holds, asked one leadId at a time, is what it read
    for (const name of SHEET_NAMES) expect(leadIds(name).every((id) => sheets.holds(name, id))).toBe(true);
    expect(sheets.holds('Leads', 'u')).toBe(false);
    return { rows: rowsOf(sheets), repeated: sheets.repeated };
  } finally {
    scratch.close();
  }
}

/** What ExcelJS's whole-file reader reads from it, as the same rows. */
async function readByExcelJs(file: string) {
  const sheets = existingSheetsOf(await readWhole(file));
  return { rows: rowsOf(sheets), repeated: sheets.repeated };
}

/** What existingSheetsOfFile reads from it, whichever reader it takes. */
async function readAny(file: string) {
  const sheets = await existingSheetsOfFile(file);
  try {
    return rowsOf(sheets);
  } finally {
    sheets.close();
  }
}

async function sheetXmlOf(rows: string[][]): Promise<string> {
  const entry = xlsxEntries([sheet('Leads', rows)]).find((e) => e.sheet)!;
  return Buffer.concat([...(entry.content as Iterable<Buffer>)]).toString('utf8');
}

describe("reading back the app's own .xlsx file", () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-own-xlsx-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads exactly what ExcelJS reads from a file writeXlsxFile wrote: escapes, line ends, emoji, long and empty cells, repeated ids, many chunks', async () => {
    const file = path.join(dir, 'own.xlsx');
    const leads = [
      ...TRICKY.map((text, i) => cells(`t${i}`, text)),
      ...Array.from({ length: 2_600 }, (_, i) => cells(`n${i}`, `note ${i} & more`)),
      cells('t1', 'a repeated leadId'),
      cells('', 'no leadId'),
    ];
    await writeXlsxFile(
      file,
      [sheet('Leads', leads), sheet('Unformatted', [cells('u', 'Ünformatted')])],
      0o600,
    );

    const own = await readOwn(file);
    expect(own).toEqual(await readByExcelJs(file));
    expect(own && own.rows.Leads!.length).toBe(TRICKY.length + 2_600);
    expect(own && own.repeated).toBe(1);
    // a sheet larger than a usual run moves to the scratch database partway: the same rows
    expect(await readOwn(file, { inMemory: 1_500 })).toEqual(own);
  });

  it('reads a sheet with only its header row', async () => {
    const file = path.join(dir, 'empty.xlsx');
    await writeXlsxFile(
      file,
      SHEET_NAMES.map((name) => sheet(name, [])),
      0o600,
    );
    expect(await readOwn(file)).toEqual({ rows: { Leads: [], Unformatted: [] }, repeated: 0 });
  });

  it('gives the same rows whatever the chunks the XML arrives in, one character at a time included', async () => {
    const xml = await sheetXmlOf([cells('a', TRICKY[0]!), cells('b', TRICKY[2]!), cells('c', TRICKY[3]!)]);
    const whole = new OwnSheetReader();
    const expected = whole.push(xml);
    whole.end();
    expect(expected).toHaveLength(4);
    const split = new OwnSheetReader();
    const rows = [...xml].flatMap((character) => split.push(character));
    split.end();
    expect(rows).toEqual(expected);
  });

  it.each([
    ['a cell not in its column', (xml: string) => xml.replace('<c r="B2"', '<c r="C2"')],
    [
      'a row number skipped',
      (xml: string) => xml.replace('<row r="3">', '<row r="4">').replace(/r="([A-Z]+)3"/g, 'r="$14"'),
    ],
    [
      'a shared string',
      (xml: string) => xml.replace('t="inlineStr"><is><t xml:space="preserve">a</t></is>', 't="s"><v>0</v>'),
    ],
    [
      'a number cell',
      (xml: string) => xml.replace('t="inlineStr"><is><t xml:space="preserve">a</t></is>', '><v>1</v>'),
    ],
    [
      'an entity it does not write',
      (xml: string) => xml.replace('customerName of a', 'customerName &#65; a'),
    ],
    ['a bare ampersand', (xml: string) => xml.replace('customerName of a', 'customerName & a')],
    ['a header row not bold', (xml: string) => xml.replaceAll(' s="1"', '')],
    [
      'something after the rows',
      (xml: string) => xml.replace('</sheetData>', '</sheetData><mergeCells count="0"/>'),
    ],
    ['a cut-off sheet', (xml: string) => xml.slice(0, -30)],
    ['another start', (xml: string) => xml.replace('<sheetViews>', '<sheetPr/><sheetViews>')],
  ])('refuses a sheet with %s', async (_, change) => {
    const xml = change(await sheetXmlOf([cells('a', 'Ann'), cells('b', 'Bo')]));
    const reader = new OwnSheetReader();
    expect(() => {
      reader.push(xml);
      reader.end();
    }).toThrow(NotOwnSheetError);
  });

  it('leaves a file a spreadsheet program saved to the general reader, which reads it', async () => {
    const file = path.join(dir, 'saved.xlsx');
    const workbook = new ExcelJS.Workbook();
    for (const name of SHEET_NAMES) {
      const worksheet = workbook.addWorksheet(name);
      worksheet.addRow([...HEADER]);
      worksheet.addRow(cells(`${name}-1`, 'saved by a program'));
    }
    await workbook.xlsx.writeFile(file);
    expect(await readOwn(file)).toBe(false);
    const read = await readAny(file);
    expect(read).toEqual((await readByExcelJs(file)).rows);
    expect(read.Leads).toEqual([cells('Leads-1', 'saved by a program')]);
  });

  it('leaves a changed own file to the general reader, which reads the change', async () => {
    const file = path.join(dir, 'changed.xlsx');
    const entries = xlsxEntries(SHEET_NAMES.map((name) => sheet(name, [cells(`${name}-1`, 'as written')])));
    const changed = entries.map((entry) =>
      entry.sheet === 'Leads'
        ? {
            ...entry,
            content: Buffer.from(
              Buffer.concat([...(entry.content as Iterable<Buffer>)])
                .toString('utf8')
                .replace('<t xml:space="preserve">as written', '<t>changed by hand'),
            ),
          }
        : entry,
    );
    await writeZipFile(file, changed, 0o600);
    expect(await readOwn(file)).toBe(false);
    const read = await readAny(file);
    expect(read.Leads).toEqual([cells('Leads-1', 'changed by hand')]);
    expect(read.Unformatted).toEqual([cells('Unformatted-1', 'as written')]);
  });

  it('refuses an own file with an entry added, or cut short', async () => {
    const file = path.join(dir, 'own.xlsx');
    const entries = xlsxEntries(SHEET_NAMES.map((name) => sheet(name, [cells(`${name}-1`, 'x')])));
    await writeZipFile(file, [...entries, { name: 'docProps/app.xml', content: Buffer.from('<x/>') }], 0o600);
    expect(await readOwn(file)).toBe(false);

    await writeXlsxFile(
      file,
      SHEET_NAMES.map((name) => sheet(name, [cells(`${name}-1`, 'x')])),
      0o600,
    );
    fs.truncateSync(file, fs.statSync(file).size - 40);
    await expect(readOwn(file)).rejects.toThrow();
    await expect(existingSheetsOfFile(file)).rejects.toThrow(/cannot be read/);
  });
});
