import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { heldForGood, sheetWrite } from '../../testkit/builders/runHolds';
import { RunStopped } from '../../src/features/sync/lock/runHold';
import { HEADER } from '../../src/features/sync/spreadsheet/sheetLayout';
import { createXlsxSpreadsheet, XLSX_MAX_ROWS } from '../../src/features/sync/spreadsheet/xlsxSpreadsheet';
import { existingSheetsOfFile } from '../../src/features/sync/spreadsheet/existingSheetsOfFile';
import { leadChunksOf } from '../../src/features/leads/record/leadChunks';

async function readBack(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = (name: string) => {
    const rows: Record<string, ExcelJS.CellValue>[] = [];
    workbook.getWorksheet(name)!.eachRow((row, number) => {
      if (number === 1) return;
      rows.push(Object.fromEntries(HEADER.map((key, column) => [key, row.getCell(column + 1).value])));
    });
    return rows;
  };
  return { workbook, leads: sheet('Leads'), unformatted: sheet('Unformatted') };
}

describe('xlsx spreadsheet', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-xlsx-'));
    file = path.join(dir, 'leads.xlsx');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes 'Leads' and 'Unformatted' with a header row, one row per leadId", async () => {
    const sheet = createXlsxSpreadsheet(file);
    const result = await sheet.write(
      leadChunksOf([
        lead(),
        lead({ leadId: 'lead-2', isFormatted: false, auditor: '', customerName: 'Call Bob' }),
      ]),
      sheetWrite(MARCH_2025, '2025-03-05T10:00:00.000Z'),
    );
    expect(result).toEqual({ written: 2, removed: 0 });
    const { workbook, leads, unformatted } = await readBack(file);
    expect(workbook.getWorksheet('Leads')!.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(leads).toEqual([
      expect.objectContaining({
        leadId: 'lead-1',
        customerName: 'Jane Doe',
        lastSyncedAt: '2025-03-05T10:00:00.000Z',
      }),
    ]);
    expect(unformatted).toEqual([expect.objectContaining({ leadId: 'lead-2', customerName: 'Call Bob' })]);
  });

  it('reads a sheet written before a column was added by its header, and rewrites it in the new layout', async () => {
    // the layout before Address and End Time: a row outside the range must survive as it was
    const before = HEADER.filter((name) => name !== 'address' && name !== 'endDate');
    const old = new ExcelJS.Workbook();
    for (const name of ['Leads', 'Unformatted']) old.addWorksheet(name).addRow([...before]);
    const april = {
      leadId: 'april',
      customerName: 'Tom Lee',
      scheduledDate: '2025-04-02T14:00:00.000Z',
      lastSyncedAt: 't0',
    };
    old.getWorksheet('Leads')!.addRow(before.map((name) => april[name as keyof typeof april] ?? ''));
    await old.xlsx.writeFile(file);

    const result = await createXlsxSpreadsheet(file).write(
      leadChunksOf([lead({ address: '12 Elm St, Boston, MA', endDate: '2025-03-04T15:30:00.000Z' })]),
      sheetWrite(MARCH_2025, 't1'),
    );
    expect(result).toEqual({ written: 1, removed: 0 });
    const { workbook, leads } = await readBack(file);
    expect(workbook.getWorksheet('Leads')!.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(leads).toEqual([
      expect.objectContaining({
        leadId: 'april',
        customerName: 'Tom Lee',
        address: null, // an empty cell
        scheduledDate: '2025-04-02T14:00:00.000Z',
        lastSyncedAt: 't0',
      }),
      expect.objectContaining({
        leadId: 'lead-1',
        address: '12 Elm St, Boston, MA',
        endDate: '2025-03-04T15:30:00.000Z',
      }),
    ]);
  });

  it('upserts in place, keeps rows outside the range and removes rows gone inside it', async () => {
    const sheet = createXlsxSpreadsheet(file);
    await sheet.write(
      leadChunksOf([
        lead(),
        lead({ leadId: 'gone' }),
        lead({ leadId: 'april', scheduledDate: '2025-04-02T14:00:00.000Z' }),
      ]),
      sheetWrite(
        { from: MARCH_2025.from, to: Date.parse('2025-04-30T23:59:59Z') },
        '2025-03-05T10:00:00.000Z',
      ),
    );
    const result = await sheet.write(
      leadChunksOf([lead({ status: 'Completed' })]),
      sheetWrite(MARCH_2025, '2025-03-06T10:00:00.000Z'),
    );
    expect(result).toEqual({ written: 1, removed: 1 });
    const { leads } = await readBack(file);
    expect(leads.map((row) => [row.leadId, row.status, row.lastSyncedAt])).toEqual([
      ['lead-1', 'Completed', '2025-03-06T10:00:00.000Z'],
      ['april', 'Scheduled', '2025-03-05T10:00:00.000Z'],
    ]);
  });

  it('moves a lead between the sheets when its formatting changes', async () => {
    const sheet = createXlsxSpreadsheet(file);
    await sheet.write(leadChunksOf([lead({ isFormatted: false })]), sheetWrite(MARCH_2025, 't1'));
    await sheet.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't2'));
    const { leads, unformatted } = await readBack(file);
    expect(leads.map((row) => row.leadId)).toEqual(['lead-1']);
    expect(unformatted).toEqual([]);
  });

  it('does not touch the file when nothing changed', async () => {
    const sheet = createXlsxSpreadsheet(file);
    await sheet.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1'));
    const before = fs.statSync(file).mtimeMs;
    const bytes = fs.readFileSync(file);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sheet.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't2'))).toEqual({
      written: 0,
      removed: 0,
    });
    expect(fs.statSync(file).mtimeMs).toBe(before);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  /** A sheet whose reads of the file are counted. */
  const countingReads = () => {
    const reads = { count: 0 };
    const sheet = createXlsxSpreadsheet(file, {
      readFile: (read) => {
        reads.count += 1;
        return existingSheetsOfFile(read);
      },
    });
    return { sheet, reads };
  };

  it('merges a re-run onto the rows its last write left, without reading the file back', async () => {
    const { sheet, reads } = countingReads();
    await sheet.write(
      leadChunksOf([lead(), lead({ leadId: 'april', scheduledDate: '2025-04-02T14:00:00.000Z' })]),
      sheetWrite({ from: MARCH_2025.from, to: Date.parse('2025-04-30T23:59:59Z') }, 't1'),
    );
    expect(
      await sheet.write(leadChunksOf([lead({ status: 'Completed' })]), sheetWrite(MARCH_2025, 't2')),
    ).toEqual({ written: 1, removed: 0 });
    expect(
      await sheet.write(leadChunksOf([lead({ status: 'Completed' })]), sheetWrite(MARCH_2025, 't3')),
    ).toEqual({ written: 0, removed: 0 });
    expect(reads.count).toBe(1); // the first write's, of no file yet
    const { leads } = await readBack(file);
    expect(leads.map((row) => [row.leadId, row.status, row.lastSyncedAt])).toEqual([
      ['lead-1', 'Completed', 't2'],
      ['april', 'Scheduled', 't1'],
    ]);
  });

  it('reads the file again once something else changed it since its last write', async () => {
    const { sheet, reads } = countingReads();
    await sheet.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1'));
    // a person adds a row outside the run's range
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.readFile(file);
    edited.getWorksheet('Leads')!.addRow(['typed-in', ...HEADER.slice(1).map(() => 'x')]);
    await edited.xlsx.writeFile(file);
    await sheet.write(leadChunksOf([lead({ status: 'Completed' })]), sheetWrite(MARCH_2025, 't2'));
    expect(reads.count).toBe(2);
    const { leads } = await readBack(file);
    expect(leads.map((row) => row.leadId)).toEqual(['lead-1', 'typed-in']);
  });

  it('remembers a row as the file reads it back (no control characters, line ends as LF)', async () => {
    const odd = lead({ customerName: 'Jane\r\nDoe\u0001', comments: 'one\rtwo' });
    const { sheet, reads } = countingReads();
    await sheet.write(leadChunksOf([odd]), sheetWrite(MARCH_2025, 't1'));
    const fromMemory = await sheet.write(leadChunksOf([odd]), sheetWrite(MARCH_2025, 't2'));
    expect(reads.count).toBe(1);
    // a sink that reads the file back compares the same lead the same way
    fs.copyFileSync(file, `${file}.copy`);
    const fromFile = await createXlsxSpreadsheet(`${file}.copy`).write(
      leadChunksOf([odd]),
      sheetWrite(MARCH_2025, 't2'),
    );
    expect(fromMemory).toEqual(fromFile);
  });

  it('stores text that starts with =, +, - or @ as text, never as a formula', async () => {
    const payloads = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)'];
    await createXlsxSpreadsheet(file).write(
      leadChunksOf(
        payloads.map((text, index) => lead({ leadId: `l${index}`, customerName: text, comments: text })),
      ),
      sheetWrite(MARCH_2025, 't1'),
    );
    const { workbook, leads } = await readBack(file);
    expect(leads.map((row) => row.customerName)).toEqual(payloads);
    workbook
      .getWorksheet('Leads')!
      .eachRow((row) => row.eachCell((cell) => expect(cell.type).toBe(ExcelJS.ValueType.String)));
  });

  it('keeps Unicode text intact', async () => {
    await createXlsxSpreadsheet(file).write(
      leadChunksOf([lead({ customerName: 'Žemaitė 王小明 Ελένη' })]),
      sheetWrite(MARCH_2025, 't1'),
    );
    expect((await readBack(file)).leads[0]?.customerName).toBe('Žemaitė 王小明 Ελένη');
  });

  it('fails with a clear message on a file that is not a spreadsheet, leaving it as it was', async () => {
    fs.writeFileSync(file, 'not a zip');
    await expect(
      createXlsxSpreadsheet(file).write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1')),
    ).rejects.toThrow(`The spreadsheet file ${path.basename(file)} cannot be read`);
    expect(fs.readFileSync(file, 'utf8')).toBe('not a zip');
  });

  it("removes what killed writes left beside the file: an older release's at start and before each write, an older run's before a write, and nothing else", async () => {
    const ofProcess = (pid: number) => path.join(dir, `.leads.xlsx.${pid}.tmp`);
    const ofRun = (runId: number) => path.join(dir, `.leads.xlsx.run-${runId}.tmp`);
    const others = ['.other.xlsx.12.tmp', 'leads.xlsx.backup', '.leads.xlsx.tmp.keep'].map((name) =>
      path.join(dir, name),
    );
    for (const name of [ofProcess(4242), ofRun(6), ...others]) fs.writeFileSync(name, 'half a workbook');
    const sheet = createXlsxSpreadsheet(file);
    expect(fs.existsSync(ofProcess(4242))).toBe(false);
    // a run's may be a live run's on another instance: only a run that writes knows which are older
    expect(fs.existsSync(ofRun(6))).toBe(true);

    // another kill while this process runs, and a newer run on another instance writing now
    for (const name of [ofProcess(777), ofRun(8)]) fs.writeFileSync(name, 'half a workbook');
    await sheet.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1', { fence: heldForGood(7) }));
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['leads.xlsx', path.basename(ofRun(8)), ...others.map((name) => path.basename(name))].sort(),
    );
  });
});

describe('xlsx spreadsheet, a run that no longer holds its lease', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-xlsx-lease-'));
    file = path.join(dir, 'leads.xlsx');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const many = (count: number, tag: string) =>
    Array.from({ length: count }, (_, index) => lead({ leadId: `${tag}-${index}`, customerName: tag }));

  it('replaces nothing when the lease is gone at the replace, and leaves no temp file', async () => {
    await createXlsxSpreadsheet(file).write(leadChunksOf(many(3, 'Newer')), sheetWrite(MARCH_2025, 't1'));
    const before = fs.readFileSync(file);
    const lost = { ...heldForGood(7), whileOwned: () => Promise.reject(new RunStopped()) };
    await expect(
      createXlsxSpreadsheet(file).write(
        leadChunksOf(many(5, 'Older')),
        sheetWrite(MARCH_2025, 't2', { fence: lost }),
      ),
    ).rejects.toBeInstanceOf(RunStopped);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['leads.xlsx']);
  });

  it('stops writing once it learns the lease is lost, the live file as it was', async () => {
    await createXlsxSpreadsheet(file).write(leadChunksOf(many(3, 'Newer')), sheetWrite(MARCH_2025, 't1'));
    const before = fs.readFileSync(file);
    let looks = 0;
    const lostHalfWay = {
      ...heldForGood(7),
      throwIfLost: () => {
        looks += 1;
        if (looks > 1) throw new RunStopped();
      },
    };
    await expect(
      createXlsxSpreadsheet(file).write(
        leadChunksOf(many(5000, 'Older')),
        sheetWrite(MARCH_2025, 't2', { fence: lostHalfWay }),
      ),
    ).rejects.toBeInstanceOf(RunStopped);
    expect(looks).toBe(2); // at row 1,000, then row 2,000: no further
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['leads.xlsx']);
  });
});

describe('xlsx spreadsheet, rows per sheet', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-xlsx-rows-'));
    file = path.join(dir, 'leads.xlsx');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const leads = (count: number, tag: string) =>
    Array.from({ length: count }, (_, index) => lead({ leadId: `${tag}-${index}` }));

  it('holds an .xlsx sheet to 1,048,576 rows', () => {
    expect(XLSX_MAX_ROWS).toBe(1_048_576);
  });

  it('refuses a run whose leads alone are more rows than a sheet holds, before it reads or writes the file', async () => {
    fs.writeFileSync(file, 'not a workbook'); // read, it would fail with another reason
    const sheet = createXlsxSpreadsheet(file, { maxRows: 3 });
    await expect(
      sheet.write(leadChunksOf(leads(3, 'new')), sheetWrite(MARCH_2025, '2025-03-05T10:00:00.000Z')),
    ).rejects.toThrow(
      "The 'Leads' sheet would hold 4 rows with its header, and an .xlsx sheet holds at most 3. Nothing was written: sync a shorter date range.",
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('not a workbook');
  });

  it('refuses a run that, with the rows the sheet keeps from outside its range, would be more rows than a sheet holds', async () => {
    const roomy = createXlsxSpreadsheet(file, { maxRows: 10 });
    const april = { from: Date.parse('2025-04-01T00:00:00Z'), to: Date.parse('2025-04-30T23:59:59Z') };
    await roomy.write(
      leadChunksOf(leads(2, 'april').map((item) => ({ ...item, scheduledDate: '2025-04-10T14:00:00.000Z' }))),
      sheetWrite(april, '2025-03-05T10:00:00.000Z'),
    );
    const before = fs.readFileSync(file);
    const tight = createXlsxSpreadsheet(file, { maxRows: 3 });
    await expect(
      tight.write(leadChunksOf(leads(1, 'march')), sheetWrite(MARCH_2025, '2025-03-06T10:00:00.000Z')),
    ).rejects.toThrow(/'Leads' sheet would hold 4 rows with its header, and an \.xlsx sheet holds at most 3/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});
