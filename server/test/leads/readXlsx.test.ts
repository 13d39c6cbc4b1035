import ExcelJS from 'exceljs';
import { DEFAULT_IMPORT_LIMITS } from '../../src/platform/config/importLimits';
import { kindOfFormat, numberText, slideFormula } from '../../src/features/leads/import/read/xlsx/cellText';
import { readXlsx } from '../../src/features/leads/import/read/xlsx/readXlsx';

/** The rows a workbook reads as, by row number. */
async function rowsOf(file: Buffer): Promise<Map<number, string[]>> {
  const rows = new Map<number, string[]>();
  await readXlsx(file, {
    limits: DEFAULT_IMPORT_LIMITS,
    row: (number, cells) => rows.set(number, cells),
    between: async () => undefined,
  });
  return rows;
}

describe('the import’s .xlsx reader', () => {
  it('reads a workbook a spreadsheet program wrote: texts, numbers, dates, times, formulas as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Leads');
    workbook.addWorksheet('Other').addRow(['not read']);
    first.addRow(['Customer Name', 'Scheduled Date', 'End Time', 'Count', 'Done', 'Doubled', 'Notes']);
    first.addRow([
      'Ann & Bo <Lee>',
      new Date(Date.UTC(2025, 2, 4)),
      0.4375,
      42,
      true,
      { formula: 'D2*2', result: 84 },
      { richText: [{ text: 'bold ' }, { text: 'and plain' }] },
    ]);
    first.addRow([
      'Cy',
      new Date(Date.UTC(2025, 2, 5, 15, 30)),
      null,
      1.5,
      false,
      { sharedFormula: 'F2', result: 3 },
      { error: '#N/A' },
    ]);
    first.getCell('C2').numFmt = 'h:mm AM/PM';
    first.getCell('B3').numFmt = 'mm/dd/yyyy h:mm';
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.get(1)).toEqual([
      'Customer Name',
      'Scheduled Date',
      'End Time',
      'Count',
      'Done',
      'Doubled',
      'Notes',
    ]);
    expect(rows.get(2)).toEqual([
      'Ann & Bo <Lee>',
      '2025-03-04',
      '10:30',
      '42',
      'TRUE',
      '=D2*2',
      'bold and plain',
    ]);
    // a cell repeating a shared formula reads it moved to that cell; an error as Excel shows it
    expect(rows.get(3)).toEqual(['Cy', '2025-03-05T15:30:00.000Z', '', '1.5', 'FALSE', '=D3*2', '#N/A']);
    expect(rows.size).toBe(3);
  });

  it('moves a shared formula’s relative references only, outside texts and names', () => {
    const from = { row: 2, column: 5 };
    const to = { row: 4, column: 6 };
    expect(slideFormula('D2*2', from, to)).toBe('E4*2');
    expect(slideFormula('$A$1+A$1+$A1', from, to)).toBe('$A$1+B$1+$A3');
    expect(slideFormula('SUM(A1:B2)&"A1"&LOG10(A1)', from, to)).toBe('SUM(B3:C4)&"A1"&LOG10(B3)');
    expect(slideFormula("'My Sheet'!A1+Sheet2!A1+Sales2024", from, to)).toBe(
      "'My Sheet'!B3+Sheet2!B3+Sales2024",
    );
    expect(slideFormula('A1', { row: 5, column: 0 }, { row: 1, column: 0 })).toBe('#REF!');
  });

  it('tells dates, times and numbers by their format, in the 1900 and 1904 systems', () => {
    expect(kindOfFormat(14, undefined)).toBe('date');
    expect(kindOfFormat(20, undefined)).toBe('time');
    expect(kindOfFormat(2, undefined)).toBe('number');
    expect(kindOfFormat(164, 'yyyy-mm-dd')).toBe('date');
    expect(kindOfFormat(165, '[h]:mm:ss')).toBe('time');
    expect(kindOfFormat(166, '"Day" 0')).toBe('number');
    expect(kindOfFormat(167, '[Red]#,##0')).toBe('number');
    expect(numberText('45720', 'date', false)).toBe('2025-03-04');
    expect(numberText('44258', 'date', true)).toBe('2025-03-04');
    expect(numberText('0.75', 'time', false)).toBe('18:00');
    expect(numberText('6175550100', 'number', false)).toBe('6175550100');
  });
});
