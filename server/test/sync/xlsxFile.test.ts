import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeXlsxFile } from '../../src/features/sync/spreadsheet/xlsxFile';

describe('writeXlsxFile', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-xlsx-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('streams sheets of more rows than one chunk into a workbook Excel readers open, private to its owner', async () => {
    const file = path.join(dir, 'out.xlsx');
    const rows = Array.from({ length: 2500 }, (_, i) => [`row ${i}`, i % 2 ? '=SUM(A1)' : 'a & <b>']);
    await writeXlsxFile(file, [{ name: 'Leads', header: ['name', 'note'], rows, widths: [20, 40] }], 0o600);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Leads')!;
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(2502 - 1).getCell(1).value).toBe('row 2499');
    expect(sheet.getRow(3).getCell(2).value).toBe('=SUM(A1)');
    expect(sheet.getRow(2).getCell(2).value).toBe('a & <b>');
  });

  it('rejects, instead of hanging or crashing the process, when a sheet cannot be written', async () => {
    const file = path.join(dir, 'bad.xlsx');
    const unwritable = {
      toString(): string {
        throw new Error('this cell cannot be written');
      },
    };
    const rows = [[unwritable as unknown as string]];
    await expect(
      writeXlsxFile(file, [{ name: 'Leads', header: ['n'], rows, widths: [20] }], 0o600),
    ).rejects.toThrow('this cell cannot be written');
  });
});
