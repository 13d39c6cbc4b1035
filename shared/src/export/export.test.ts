import ExcelJS from 'exceljs';
import { blobText, parseCsv, readWorkbook } from '../testing';
import { exportFile } from './exportFile';
import { simpleTable, type ExportTable } from './exportTable';
import { toCsv } from './toCsv';

const PAYLOADS = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)'];

const leads = simpleTable(
  'Leads',
  ['Scheduled Date', 'Customer Name', 'Comments'],
  [
    [new Date(Date.UTC(2025, 2, 4)), 'Jane "JJ" Doe', 'line one\nline two'],
    [null, 'Smith, Bob', 'Žemaitė 王小明'],
    ...PAYLOADS.map((payload): [null, string, string] => [null, payload, 'ok']),
  ],
);

describe('CSV export', () => {
  it('follows RFC 4180: CRLF records, every field quoted, doubled quotes', () => {
    const csv = toCsv(leads);
    expect(csv.startsWith('\uFEFF"Scheduled Date","Customer Name","Comments"\r\n')).toBe(true);
    expect(csv).toContain('"03/04/2025","Jane ""JJ"" Doe","line one\nline two"\r\n');
    expect(csv).toContain('"","Smith, Bob","Žemaitė 王小明"\r\n');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv).slice(0, 3)).toEqual([
      ['Scheduled Date', 'Customer Name', 'Comments'],
      ['03/04/2025', 'Jane "JJ" Doe', 'line one\nline two'],
      ['', 'Smith, Bob', 'Žemaitė 王小明'],
    ]);
  });

  it('neutralises text that a spreadsheet program would run as a formula', () => {
    const rows = parseCsv(toCsv(leads)).slice(3);
    expect(rows.map((row) => row[1])).toEqual(PAYLOADS.map((payload) => `'${payload}`));
    expect(parseCsv(toCsv(simpleTable('x', ['a'], [['\t=1'], ['a=b'], [-5]])))).toEqual([
      ['a'],
      ["'\t'=1"], // a tab both starts a formula and, for some readers, a cell
      ['a=b'],
      ['-5'], // a number is a number, not text to neutralise
    ]);
  });

  it('leaves no cell starting a formula whether the reader splits on , or ; (or ignores quotes)', () => {
    // the default export's last column is the calendar UID, which an invitation chooses
    const hostile = ['appt-7781;=HYPERLINK("http://evil","x")', 'a,+1', 'b\t@SUM(A1)', 'c|-2+3', 'd;;=1'];
    const csv = toCsv(
      simpleTable(
        'x',
        ['uid'],
        hostile.map((uid) => [uid]),
      ),
    );
    const formula = /^[=+\-@\t\r]/;
    for (const separator of [',', ';']) {
      const cells = parseCsv(csv, separator).flat();
      expect(cells.filter((cell) => formula.test(cell))).toEqual([]);
    }
    // a reader that splits lines without honouring quotes
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    for (const separator of [',', ';', '\t', '|']) {
      const cells = lines.flatMap((line) => line.split(separator).map((cell) => cell.replace(/^"/, '')));
      expect(cells.filter((cell) => formula.test(cell))).toEqual([]);
    }
    expect(parseCsv(csv).slice(1).flat()).toEqual([
      `appt-7781;'=HYPERLINK("http://evil","x")`,
      "a,'+1",
      "b\t'@SUM(A1)",
      "c|'-2+3",
      "d;;'=1",
    ]);
  });

  it('writes a spanning header cell followed by empty cells', () => {
    const table: ExportTable = {
      name: 'Comparison',
      header: [
        [{ text: 'Period' }, { text: 'Sam Rivera', span: 2 }],
        [{ text: '' }, { text: 'A' }, { text: 'B' }],
      ],
      rows: [['March 2025', 1, 2]],
    };
    expect(parseCsv(toCsv(table))).toEqual([
      ['Period', 'Sam Rivera', ''],
      ['', 'A', 'B'],
      ['March 2025', '1', '2'],
    ]);
  });

  it('is a text/csv file in UTF-8', async () => {
    const { blob, extension } = await exportFile(leads, 'csv');
    expect(extension).toBe('csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(parseCsv(await blobText(blob))[2]).toEqual(['', 'Smith, Bob', 'Žemaitė 王小明']);
  });
});

describe('.xlsx export, read back with exceljs', () => {
  it('keeps text as text (never a formula), dates as dates and numbers as numbers', async () => {
    const table = simpleTable(
      'Leads',
      ['Day', 'Name', 'Count'],
      [
        [new Date(Date.UTC(2025, 2, 4)), 'Jane', 3],
        ...PAYLOADS.map((payload): [null, string, number] => [null, payload, 1]),
      ],
    );
    const { blob, extension } = await exportFile(table, 'xlsx');
    expect(extension).toBe('xlsx');
    const { rowsOf, sheet } = await readWorkbook(blob);
    const rows = rowsOf(sheet('Leads'));
    expect(rows[0]).toEqual(['Day', 'Name', 'Count']);
    expect(rows[1]).toEqual([new Date(Date.UTC(2025, 2, 4)), 'Jane', 3]);
    expect(rows.slice(2).map((row) => row[1])).toEqual(PAYLOADS);
    for (let number = 3; number <= rows.length; number += 1) {
      expect(sheet('Leads').getRow(number).getCell(2).type).toBe(ExcelJS.ValueType.String);
    }
    expect(sheet('Leads').getRow(2).getCell(1).numFmt).toBe('mm/dd/yyyy');
  });

  it('merges spanning header cells, freezes the header and the row labels, bolds totals', async () => {
    const table: ExportTable = {
      name: 'Comparison',
      header: [
        [{ text: 'Period' }, { text: 'Sam Rivera', span: 2 }, { text: 'Alex Chen', span: 2 }],
        [{ text: '' }, { text: 'Customers' }, { text: 'Units' }, { text: 'Customers' }, { text: 'Units' }],
      ],
      rows: [
        ['March 2025', 5, 7, 2, 2],
        ['Week 1', 5, 7, 2, 2],
      ],
      boldRows: new Set([0]),
      stickyColumns: 1,
    };
    const { rowsOf, sheet } = await readWorkbook(await (await exportFile(table, 'xlsx')).blob);
    const comparison = sheet('Comparison');
    expect(rowsOf(comparison)).toEqual([
      ['Period', 'Sam Rivera', 'Sam Rivera', 'Alex Chen', 'Alex Chen'], // exceljs repeats a merged value
      [null, 'Customers', 'Units', 'Customers', 'Units'],
      ['March 2025', 5, 7, 2, 2],
      ['Week 1', 5, 7, 2, 2],
    ]);
    expect(comparison.getCell('B1').isMerged && comparison.getCell('C1').master.address).toBe('B1');
    expect(comparison.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 2 });
    expect(comparison.getRow(3).getCell(2).font?.bold).toBe(true);
    expect(comparison.getRow(4).getCell(2).font?.bold).toBeFalsy();
  });
});
