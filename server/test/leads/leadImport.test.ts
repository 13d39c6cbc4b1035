import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import {
  LEAD_COLUMNS,
  type ImportPreview,
  type ImportResult,
  type LeadResource,
} from '@auditdesk/shared/core';
import { ENGINES } from '../../testkit/engines';
import { eventually } from '../../testkit/eventually';
import { csvOf, importRequest } from '../../testkit/clients/importForm';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

async function workbookOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(ENGINES)('lead import on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({ CALENDAR_TIMEZONE: 'America/New_York' }, { engine });
    token = (await t.login()).access_token;
  });
  afterEach(() => t.close());

  const send = async (
    url: '/api/leads/import' | '/api/leads/import/preview',
    file: { name: string; content: Buffer | string },
    extra: Record<string, string> = {},
  ) => {
    const request = await importRequest(url, file, extra);
    return t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
  };
  const preview = async (name: string, content: Buffer | string, extra: Record<string, string> = {}) => {
    const answer = await send('/api/leads/import/preview', { name, content }, extra);
    expect(answer.statusCode).toBe(200);
    return answer.json<ImportPreview>();
  };
  const allLeads = () => t.leads.list(true) as Promise<LeadResource[]>;
  const byName = async (name: string) => (await allLeads()).find((item) => item.customerName === name);
  const count = async (table: string) =>
    (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0]!.n;

  it('proposes a mapping from the header: the export’s headers and the spec’s names, any case or spacing', async () => {
    const header = [
      'SCHEDULED DATE',
      'customer name',
      'LeadId',
      'Week View',
      'house_type',
      'e-mail',
      'Mystery',
    ];
    const answer = await preview(
      'leads.csv',
      csvOf([header, ['03/04/2025', 'Ann', '', 'Week 1', 'single', '', 'x']]),
    );
    expect(answer.header).toEqual(header);
    expect(answer.mapping).toEqual([
      'scheduledDate',
      'customerName',
      'leadId',
      null,
      'houseType',
      'email',
      null,
    ]);
    expect(answer.totals).toEqual({ rows: 1, create: 1, update: 0, unchanged: 0, error: 0, duplicates: 0 });
  });

  it('reads a CSV separated by semicolons, and refuses the same lead twice in one file', async () => {
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', customerName: 'Dana' })],
      MARCH_2025,
      '2025-03-01T00:00:00.000Z',
    );
    const answer = await preview(
      'leads.csv',
      'Lead ID;Customer Name;Comments\r\ncal-1;Dana;"first; with a semicolon"\r\ncal-1;Dana;second\r\n',
    );
    expect(answer.mapping).toEqual(['leadId', 'customerName', 'comments']);
    expect(answer.totals).toMatchObject({ rows: 2, update: 1, error: 1 });
    expect(answer.rows[0]).toMatchObject({
      row: 3,
      reason: 'Lead ID cal-1 is also in row 2; a lead can be in a file once.',
    });
  });

  it('normalises values as the calendar’s are and reads formulas as text', async () => {
    const csv = csvOf([
      ['Customer Name', 'House Type', 'Heating Fuel', 'Provider', 'Auditor', 'Status', 'Comments'],
      ['Ann Lee', 'single', 'natural gas', 'ngrid', 'sam rivera', 'completed', '=HYPERLINK("http://x")'],
    ]);
    const result = await send('/api/leads/import', { name: 'leads.csv', content: csv });
    expect(result.statusCode).toBe(200);
    expect(await byName('Ann Lee')).toMatchObject({
      source: 'manual',
      houseType: 'Single Family',
      heatingFuel: 'Gas',
      provider: 'National Grid',
      auditor: 'Sam Rivera',
      status: 'Completed',
      comments: '=HYPERLINK("http://x")',
    });

    const workbook = await workbookOf([
      ['Customer Name', 'Comments', 'Phone Number'],
      ['Bo Chan', { formula: 'A2&" is evaluated"', result: 'Bo Chan is evaluated' }, "'+1 555"],
    ]);
    expect((await send('/api/leads/import', { name: 'book.xlsx', content: workbook })).statusCode).toBe(200);
    expect(await byName('Bo Chan')).toMatchObject({
      comments: '=A2&" is evaluated"',
      phoneNumber: "'+1 555",
    });
  });

  it('reads back the export’s own CSV: the apostrophe before formula-like text is taken off', async () => {
    const csv = `\uFEFF${csvOf([
      ['Customer Name', 'Phone Number'],
      ["'=Cleo", "'+1 617 555 0100"],
    ])}`;
    await send('/api/leads/import', { name: 'leads-2025-03-04.csv', content: csv });
    expect(await byName('=Cleo')).toMatchObject({ phoneNumber: '+1 617 555 0100' });
  });

  it('reads back an export with every column as unchanged: days, End Time, an empty status shown as New', async () => {
    await syncLeads(
      t,
      [
        lead({ leadId: 'cal-1', customerName: 'Dana', status: '', endDate: '2025-03-04T15:30:00.000Z' }),
        lead({ leadId: 'cal-2', customerName: 'Eli', linkId: 'https://example.com/e', referredBy: 'Kim' }),
      ],
      MARCH_2025,
      '2025-03-01T00:00:00.000Z',
    );
    const exported = (await allLeads()).map((item) => [
      '03/04/2025',
      item.customerName,
      item.address,
      item.status || 'New',
      item.auditor,
      item.houseType,
      item.scheduledBy,
      item.referredBy,
      item.leadId,
      item.linkId,
      'Week 2',
      item.phoneNumber,
      item.heatingFuel,
      item.provider,
      item.comments,
      item.endDate ? '10:30 AM' : '',
      '03/01/2025',
    ]);
    // the export's header with every column shown
    const header = LEAD_COLUMNS.map((column) => column.header);
    const answer = await preview('leads-2025-03-04.csv', `\uFEFF${csvOf([header, ...exported])}`);
    // every column of a field an import reads: all but Week View and Last Synced
    expect(answer.mapping.filter(Boolean)).toHaveLength(LEAD_COLUMNS.length - 2);
    expect(answer.totals).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, error: 0, duplicates: 0 });

    // a new day keeps the visit's time; a new End Time is on the visit's day, on the business's clocks
    const dana = exported.find((row) => row[1] === 'Dana')!;
    dana[0] = '03/05/2025';
    dana[15] = '11:00 AM';
    const moved = await send('/api/leads/import', {
      name: 'moved.csv',
      content: csvOf([header, ...exported]),
    });
    expect(moved.json()).toMatchObject({ updated: 1 });
    expect(await byName('Dana')).toMatchObject({
      scheduledDate: '2025-03-05T14:00:00.000Z',
      endDate: '2025-03-05T16:00:00.000Z',
      status: '',
      week: 2,
    });
  });

  it('previews per row: create, update with its fields, unchanged, error with the row number and reason', async () => {
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', customerName: 'Dana' }), lead({ leadId: 'cal-2', customerName: 'Eli' })],
      MARCH_2025,
      '2025-03-01T00:00:00.000Z',
    );
    const csv = csvOf([
      ['Lead ID', 'Customer Name', 'Status', 'Scheduled Date', 'E-mail'],
      ['cal-1', 'Dana', 'cancelled', '03/04/2025', ''],
      ['cal-2', 'Eli', 'Scheduled', '03/04/2025', ''],
      ['', 'Fay', '', '2025-04-01', 'fay@example.com'],
      ['', 'Gus', '', 'soon', 'not an address'],
    ]);
    const answer = await preview('leads.csv', csv);
    expect(answer.totals).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, error: 1, duplicates: 0 });
    const rows = Object.fromEntries(answer.rows.map((row) => [row.row, row]));
    expect(rows[5]).toMatchObject({ outcome: 'error', customerName: 'Gus' });
    expect(rows[5]!.reason).toMatch(/Scheduled Date: enter a day/);
    expect(rows[5]!.reason).toMatch(/E-mail: Enter a valid e-mail address/);
    expect(answer.rows[0]!.row).toBe(5); // errors first
    expect(rows[2]).toMatchObject({ outcome: 'update', leadId: 'cal-1', fields: ['status'] });
    expect(rows[3]).toMatchObject({ outcome: 'unchanged', leadId: 'cal-2', fields: [] });
    expect(rows[4]).toMatchObject({ outcome: 'create', leadId: null });
    // a preview writes nothing
    expect(await count('lead_actions')).toBe(0);
    expect((await allLeads()).length).toBe(2);
  });

  it('takes a changed mapping: a column the person leaves out is not imported', async () => {
    const csv = csvOf([
      ['Name', 'Notes'],
      ['Hal', 'keep out'],
    ]);
    const answer = await preview('leads.csv', csv, { mapping: JSON.stringify(['customerName', null]) });
    expect(answer.mapping).toEqual(['customerName', null]);
    await send(
      '/api/leads/import',
      { name: 'leads.csv', content: csv },
      { mapping: JSON.stringify(['customerName', null]) },
    );
    expect(await byName('Hal')).toMatchObject({ comments: '' });
    const wrong = await send(
      '/api/leads/import/preview',
      { name: 'leads.csv', content: csv },
      { mapping: '["customerName"]' },
    );
    expect(wrong.statusCode).toBe(422);
    const twice = await send(
      '/api/leads/import/preview',
      { name: 'leads.csv', content: csv },
      {
        mapping: '["customerName","customerName"]',
      },
    );
    expect(twice.statusCode).toBe(400);
  });

  it('writes nothing when a row is not valid, unless the valid rows are chosen; then one action with history', async () => {
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', customerName: 'Dana' })],
      MARCH_2025,
      '2025-03-01T00:00:00.000Z',
    );
    const versionBefore = await t.leads.dataVersion();
    const csv = csvOf([
      ['Lead ID', 'Customer Name', 'Heating Fuel', 'Comments'],
      ['cal-1', 'Dana Smith', 'oil', ''],
      ['', 'Ivy', '', 'new one'],
      ['', '', '', 'no name'],
    ]);
    const refused = await send('/api/leads/import', { name: 'march.csv', content: csv });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(
      '1 of the 3 rows are not valid, so nothing was imported. Fix them, or import the 2 valid rows.',
    );
    expect(refused.json().rows).toEqual([expect.objectContaining({ row: 4, outcome: 'error' })]);
    expect((await allLeads()).map((item) => item.customerName)).toEqual(['Dana']);
    expect(await t.leads.dataVersion()).toBe(versionBefore);

    const done = await send(
      '/api/leads/import',
      { name: 'march.csv', content: csv },
      { acceptInvalid: 'true' },
    );
    expect(done.statusCode).toBe(200);
    const result = done.json<ImportResult>();
    expect(result).toEqual({
      actionId: expect.any(Number),
      created: 1,
      updated: 1,
      unchanged: 0,
      skipped: 1,
    });
    expect(await t.leads.dataVersion()).toBe(versionBefore + 1);

    const dana = (await byName('Dana Smith'))!;
    expect(dana).toMatchObject({ source: 'calendar', leadId: 'cal-1', heatingFuel: 'Oil' });
    // on a calendar lead the imported values are the office's: the next sync keeps them
    expect((await t.leads.review.detail(dana.id))!.officeValues.map((value) => value.field).sort()).toEqual([
      'customerName',
      'heatingFuel',
    ]);
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', customerName: 'Dana', comments: 'calendar note' })],
      MARCH_2025,
      '2025-03-02T00:00:00.000Z',
    );
    expect(await t.leads.find(dana.id)).toMatchObject({
      customerName: 'Dana Smith',
      heatingFuel: 'Oil',
      comments: 'calendar note',
    });
    const [action] = await t.db.all<{ kind: string; label: string; lead_count: number; user_id: number }>(
      sql`SELECT kind, label, lead_count, user_id FROM lead_actions WHERE id = ${result.actionId}`,
    );
    expect(action).toMatchObject({ kind: 'import', label: 'import march.csv', lead_count: 2 });
    const danaHistory = await t.leads.history.page(dana.id, 1, 50);
    const imported = danaHistory.items.filter((entry) => entry.action?.id === result.actionId);
    expect(imported.map((entry) => [entry.field, entry.oldValue, entry.newValue]).sort()).toEqual([
      ['customerName', 'Dana', 'Dana Smith'],
      ['heatingFuel', 'Gas', 'Oil'],
    ]);
    expect(imported[0]!.action).toMatchObject({ kind: 'import', label: 'import march.csv' });
    const ivy = (await byName('Ivy'))!;
    expect(ivy.leadId).toMatch(/^manual-/);
    expect((await t.leads.history.page(ivy.id, 1, 50)).items).toEqual([
      expect.objectContaining({ kind: 'created', action: expect.objectContaining({ id: result.actionId }) }),
    ]);
  });

  it('writes all or nothing: a failure in the batch leaves every lead as it was', async () => {
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', customerName: 'Dana' })],
      MARCH_2025,
      '2025-03-01T00:00:00.000Z',
    );
    await t.db.batch([
      sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON leads WHEN NEW.customer_name = 'Boom'
        BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    ]);
    const csv = csvOf([
      ['Lead ID', 'Customer Name'],
      ['cal-1', 'Dana Changed'],
      ['', 'Boom'],
    ]);
    const failed = await send('/api/leads/import', { name: 'boom.csv', content: csv });
    expect(failed.statusCode).toBe(500);
    expect((await allLeads()).map((item) => item.customerName)).toEqual(['Dana']);
    expect(await count('lead_actions')).toBe(0);
    expect(await count('lead_history WHERE action_id IS NOT NULL')).toBe(0);
  });

  it('stages a large file in chunks and applies it at once, leaving no staged row, nor one a crash left', async () => {
    // what an import that crashed two hours ago left staged
    await t.db.batch([
      sql`INSERT INTO lead_import_staging (import_key, seq, kind, payload, staged_at)
        VALUES ('crashed', 0, 'create', '{}', ${new Date(Date.now() - 2 * 3600_000).toISOString()})`,
    ]);
    const notes = 'x'.repeat(600);
    const rows = Array.from({ length: 2500 }, (_, index) => [`Customer ${index}`, notes, '03/04/2025']);
    const csv = csvOf([['Customer Name', 'Comments', 'Scheduled Date'], ...rows]);
    const done = await send('/api/leads/import', { name: 'big.csv', content: csv });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ created: 2500, updated: 0 });
    expect((await allLeads()).length).toBe(2500);
    // the staged rows are removed once the import has answered (SQLite stages new leads in a table of its connection's own)
    await eventually(async () => expect(await count('lead_import_staging')).toBe(0));
    if (engine === 'sqlite')
      await eventually(async () => expect(await count('temp.lead_import_creates')).toBe(0));
    expect(await count("lead_history WHERE kind = 'created'")).toBe(2500);

    // the same file again: every row matched by nothing (no Lead ID), so 2,500 more; with Lead IDs, unchanged
    const all = await allLeads();
    const again = csvOf([
      ['Lead ID', 'Customer Name', 'Comments', 'Scheduled Date'],
      ...all.map((item) => [item.leadId, item.customerName, item.comments, '03/04/2025']),
    ]);
    const unchanged = await preview('big.csv', again);
    expect(unchanged.totals).toEqual({
      rows: 2500,
      create: 0,
      update: 0,
      unchanged: 2500,
      error: 0,
      duplicates: 0,
    });
    expect(unchanged.rows).toHaveLength(1000);
  });

  it('refuses a file over IMPORT_MAX_BYTES with 413 and says so', async () => {
    await t.close();
    t = await createTestApp({ IMPORT_MAX_BYTES: '2048' }, { engine });
    token = (await t.login()).access_token;
    const big = csvOf([
      ['Customer Name'],
      ...Array.from({ length: 300 }, (_, index) => [`Customer ${index}`]),
    ]);
    const answer = await send('/api/leads/import/preview', { name: 'big.csv', content: big });
    expect(answer.statusCode).toBe(413);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    const message = 'The file is larger than 2 KB, the most one import takes. Split it into smaller files.';
    expect(answer.json().detail).toBe(message);
    // a request whose length alone says it is too large is refused before its body is read
    const huge = csvOf([
      ['Customer Name'],
      ...Array.from({ length: 30_000 }, (_, index) => [`Customer ${index}`]),
    ]);
    const early = await send('/api/leads/import', { name: 'huge.csv', content: huge });
    expect(early.statusCode).toBe(413);
    expect(early.json().detail).toBe(message);
    expect(await count('leads')).toBe(0);
  });

  describe('hostile files', () => {
    it('refuses binary garbage, a file without a header, a wrong extension, and a request that is not a form', async () => {
      const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
      const csvGarbage = await send('/api/leads/import/preview', { name: 'leads.csv', content: garbage });
      expect(csvGarbage.statusCode).toBe(422);
      expect(csvGarbage.json().detail).toMatch(/not a CSV text file/);
      const xlsxGarbage = await send('/api/leads/import/preview', { name: 'leads.xlsx', content: garbage });
      expect(xlsxGarbage.statusCode).toBe(422);
      expect(xlsxGarbage.json().detail).toMatch(/not a readable \.xlsx workbook/);
      const zipNotWorkbook = await send('/api/leads/import/preview', {
        name: 'leads.xlsx',
        content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), garbage]),
      });
      expect(zipNotWorkbook.statusCode).toBe(422);

      const headless = await send('/api/leads/import/preview', {
        name: 'leads.csv',
        content: csvOf([['Jane Doe', '617-555-0100', 'Gas']]),
      });
      expect(headless.statusCode).toBe(422);
      expect(headless.json().detail).toMatch(/must be its header/);

      const text = await send('/api/leads/import/preview', {
        name: 'leads.txt',
        content: 'Customer Name\nAnn\n',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().detail).toBe('leads.txt is not a .csv or .xlsx file. Choose a .csv or .xlsx file.');

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/leads/import/preview',
        payload: { file: 'x' },
        headers: bearer(token),
      });
      expect(json.statusCode).toBe(415);
      const empty = await send('/api/leads/import/preview', { name: 'leads.csv', content: '' });
      expect(empty.statusCode).toBe(422);
    });

    it('answers a cell too long for its field as that row’s error, without sending the cell back; refuses a cell longer than any spreadsheet’s', async () => {
      const long = 'y'.repeat(30_000);
      const answer = await send('/api/leads/import/preview', {
        name: 'leads.csv',
        content: csvOf([
          ['Customer Name', 'Comments'],
          ['Jo', long],
          ['Kim', 'fine'],
        ]),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.length).toBeLessThan(10_000);
      const body = answer.json<ImportPreview>();
      expect(body.totals).toMatchObject({ rows: 2, create: 1, error: 1 });
      expect(body.rows[0]).toMatchObject({
        row: 2,
        outcome: 'error',
        reason: 'Comments: Use at most 4000 characters.',
      });

      const huge = await send('/api/leads/import/preview', {
        name: 'leads.csv',
        content: csvOf([
          ['Customer Name', 'Comments'],
          ['Jo', 'y'.repeat(1024 * 1024)],
        ]),
      });
      expect(huge.statusCode).toBe(422);
      expect(huge.json()).toMatchObject({
        detail:
          'A cell of row 2 holds more than 32,767 characters. Nothing was imported (the limit is the setting IMPORT_MAX_CELL_LENGTH).',
        limit: 'cellLength',
      });
    });

    it('writes nothing for a file of errors only, even with acceptInvalid', async () => {
      const answer = await send(
        '/api/leads/import',
        {
          name: 'bad.csv',
          content: csvOf([
            ['Customer Name', 'E-mail'],
            ['Lu', 'nope'],
          ]),
        },
        { acceptInvalid: 'true' },
      );
      expect(answer.json()).toEqual({ actionId: null, created: 0, updated: 0, unchanged: 0, skipped: 1 });
      expect(await count('lead_actions')).toBe(0);
    });
  });
});

// D1 ran the import's batch, its answer was lost (a 5xx) and the client sent it again: the
// resend is refused whole (the action's id is there) and the import reads that it landed.
describe('an import whose D1 answer was lost', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is written once and answers as the first attempt would have', async () => {
    t = await createTestApp({}, { engine: 'd1' });
    const token = (await t.login()).access_token;
    t.d1!.fail({
      when: (call) => call.sql[0]?.startsWith('INSERT INTO lead_actions') ?? false,
      status: 500,
      times: 1,
      lostAnswer: true,
    });
    const request = await importRequest('/api/leads/import', {
      name: 'once.csv',
      content: csvOf([['Customer Name'], ['Una'], ['Vic']]),
    });
    const answer = await t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ created: 2, updated: 0 });
    const names = ((await t.leads.list(true)) as LeadResource[]).map((item) => item.customerName).sort();
    expect(names).toEqual(['Una', 'Vic']);
    const [actions] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_actions`);
    expect(actions!.n).toBe(1);
    // the batch was sent twice: the first answer lost, the second refused
    expect(t.d1!.calls.filter((call) => call.sql[0]?.startsWith('INSERT INTO lead_actions'))).toHaveLength(2);
  });
});
