import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existingSheetsOfFile, readWhole } from '../../src/features/sync/spreadsheet/existingSheetsOfFile';
import { HEADER, SHEET_NAMES } from '../../src/features/sync/spreadsheet/sheetLayout';
import { writeXlsxFile } from '../../src/features/sync/spreadsheet/xlsxFile';
import { writeZipFile } from '../../src/features/sync/spreadsheet/zipFile';

const rowsOf = async (file: string) => {
  const sheets = await existingSheetsOfFile(file);
  try {
    return {
      Leads: [...sheets.rows('Leads')],
      Unformatted: [...sheets.rows('Unformatted')],
      repeated: sheets.repeated,
      holds: [sheets.holds('Leads', 'a'), sheets.holds('Unformatted', 'a'), sheets.holds('Unformatted', 'c')],
    };
  } finally {
    sheets.close();
  }
};

const cells = (leadId: string, name: string) =>
  HEADER.map((column) => (column === 'leadId' ? leadId : column === 'customerName' ? name : ''));

describe('the rows a sheet held before the run', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-existing-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads both sheets of the file this app writes as a stream, each leadId once', async () => {
    const file = path.join(dir, 'leads.xlsx');
    const sheet = (rows: string[][]) => ({ header: HEADER, rows, widths: HEADER.map(() => 20) });
    await writeXlsxFile(
      file,
      [
        {
          name: 'Leads',
          ...sheet([cells('a', 'Ann'), cells('b', 'Bo'), cells('a', 'Ann again'), cells('', 'no id')]),
        },
        { name: 'Unformatted', ...sheet([cells('c', 'Cy')]) },
      ],
      0o600,
    );
    expect(await rowsOf(file)).toEqual({
      Leads: [cells('a', 'Ann'), cells('b', 'Bo')],
      Unformatted: [cells('c', 'Cy')],
      repeated: 1,
      holds: [true, false, true],
    });
  });

  it('reads what a person saved from a spreadsheet program as the whole-file reader does: shared strings, dates, formulas, rich text, moved columns', async () => {
    const file = path.join(dir, 'edited.xlsx');
    const workbook = new ExcelJS.Workbook();
    const leads = workbook.addWorksheet('Leads');
    leads.addRow(['customerName', 'leadId', 'scheduledDate', 'phoneNumber', 'comments']);
    leads.addRow([
      'Ann',
      'a',
      new Date('2025-03-04T14:00:00Z'),
      6175550100,
      { richText: [{ text: 'two ' }, { text: 'parts' }] },
    ]);
    leads.addRow([
      { formula: 'UPPER("bo")', result: 'BO' },
      'b',
      '2025-03-05T14:00:00.000Z',
      '(617) 555-0101',
      'typed',
    ]);
    workbook.addWorksheet('Other').addRow(['not', 'read']);
    workbook.addWorksheet('Unformatted').addRow([...HEADER]);
    await workbook.xlsx.writeFile(file);

    const read = await rowsOf(file);
    const whole = await readWhole(file);
    expect(read.Leads).toEqual(whole.Leads);
    expect(read.Unformatted).toEqual(whole.Unformatted);
    const column = (name: string) => HEADER.indexOf(name as (typeof HEADER)[number]);
    expect(
      read.Leads.map((row) => [
        row[column('leadId')],
        row[column('customerName')],
        row[column('scheduledDate')],
        row[column('comments')],
      ]),
    ).toEqual([
      ['a', 'Ann', '2025-03-04T14:00:00.000Z', 'two parts'],
      ['b', 'BO', '2025-03-05T14:00:00.000Z', 'typed'],
    ]);
  });

  it('reads the whole file when the stream would lose a sheet (a worksheet that ends the archive)', async () => {
    const file = path.join(dir, 'sheet-last.xlsx');
    const sheetXml = (rows: string[][]) =>
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
          rows
            .map(
              (row, at) =>
                `<row r="${at + 1}">${row.map((value, column) => `<c r="${String.fromCharCode(65 + column)}${at + 1}" t="inlineStr"><is><t>${value}</t></is></c>`).join('')}</row>`,
            )
            .join('') +
          '</sheetData></worksheet>',
      );
    const rel = (id: number, target: string, type: string) =>
      `<Relationship Id="rId${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    await writeZipFile(
      file,
      [
        {
          name: '[Content_Types].xml',
          content: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
          ),
        },
        {
          name: '_rels/.rels',
          content: Buffer.from(
            `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel(1, 'xl/workbook.xml', 'officeDocument')}</Relationships>`,
          ),
        },
        {
          name: 'xl/workbook.xml',
          content: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/><sheet name="Unformatted" sheetId="2" r:id="rId2"/></sheets></workbook>',
          ),
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          content: Buffer.from(
            `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel(1, 'worksheets/sheet1.xml', 'worksheet')}${rel(2, 'worksheets/sheet2.xml', 'worksheet')}</Relationships>`,
          ),
        },
        {
          name: 'xl/worksheets/sheet1.xml',
          content: sheetXml([
            ['leadId', 'customerName'],
            ['a', 'Ann'],
          ]),
        },
        {
          name: 'xl/worksheets/sheet2.xml',
          content: sheetXml([
            ['leadId', 'customerName'],
            ['c', 'Cy'],
          ]),
        },
      ],
      0o600,
    );
    const read = await rowsOf(file);
    expect(read.Leads).toEqual([cells('a', 'Ann')]);
    expect(read.Unformatted).toEqual([cells('c', 'Cy')]);
  });

  it('holds no rows when there is no file yet', async () => {
    const read = await rowsOf(path.join(dir, 'none.xlsx'));
    for (const name of SHEET_NAMES) expect(read[name]).toEqual([]);
  });
});
