import { createGoogleSheetsSpreadsheet } from '../../src/features/sync/spreadsheet/googleSheetsSpreadsheet';
import { HEADER } from '../../src/features/sync/spreadsheet/sheetLayout';
import { leadChunksOf } from '../../src/features/leads/record/leadChunks';
import type { RetryWait } from '../../src/platform/http/retryingFetch';
import { startFakeGoogleApi, testGoogleAuth } from '../../testkit/fakes/fakeGoogleApi';
import { refuseAlways, refuseFirst, type FakeHttpApi } from '../../testkit/fakes/fakeHttpApi';
import { fakeSheets } from '../../testkit/fakes/fakeSheets';
import { lead, manyLeads, MARCH_2025 } from '../../testkit/builders/leads';
import { sheetWrite } from '../../testkit/builders/runHolds';
import { testClock } from '../../testkit/testClock';

const RATE_LIMITED_403 = {
  status: 403,
  body: {
    error: {
      code: 403,
      message:
        "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'",
      errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' }],
      status: 'PERMISSION_DENIED',
    },
  },
};

describe('Google Sheets spreadsheet (values.batchUpdate, RAW)', () => {
  let google: FakeHttpApi | undefined;
  afterEach(async () => {
    await google?.close();
    google = undefined;
  });

  async function sinkFor(handler: Parameters<typeof startFakeGoogleApi>[0], clock = testClock().clock) {
    google = await startFakeGoogleApi(handler);
    return createGoogleSheetsSpreadsheet({
      auth: await testGoogleAuth(),
      spreadsheetId: 'sheet-1',
      rootUrl: google.rootUrl,
      retry: { clock },
    });
  }

  it('adds the missing sheets and writes the same layout as the .xlsx file', async () => {
    const sheets = fakeSheets({ Sheet1: [] });
    const sink = await sinkFor(sheets.handler);

    const result = await sink.write(
      leadChunksOf([
        lead(),
        lead({ leadId: 'u', isFormatted: false, customerName: '=IMPORTXML("http://evil")' }),
      ]),
      sheetWrite(MARCH_2025, 't1'),
    );

    expect(result).toEqual({ written: 2, removed: 0 });
    expect(sheets.sheets.Leads?.[0]).toEqual([...HEADER]);
    expect(sheets.sheets.Leads?.[1]?.[0]).toBe('lead-1');
    expect(sheets.sheets.Unformatted?.[1]?.[1]).toBe('=IMPORTXML("http://evil")'); // RAW: stays text
  });

  it('writes nothing when nothing changed, and clears rows that are gone', async () => {
    const sheets = fakeSheets({ Leads: [], Unformatted: [] });
    const sink = await sinkFor(sheets.handler);
    await sink.write(leadChunksOf([lead(), lead({ leadId: 'gone' })]), sheetWrite(MARCH_2025, 't1'));

    const writesBefore = google!.requests.filter((request) => request.method === 'POST').length;
    expect(
      await sink.write(leadChunksOf([lead(), lead({ leadId: 'gone' })]), sheetWrite(MARCH_2025, 't2')),
    ).toEqual({
      written: 0,
      removed: 0,
    });
    expect(google!.requests.filter((request) => request.method === 'POST').length).toBe(writesBefore);

    expect(await sink.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't3'))).toEqual({
      written: 0,
      removed: 1,
    });
    expect(sheets.sheets.Leads).toHaveLength(2); // header + lead-1
  });

  it('writes a 10,000-row sheet in a handful of requests, each under 2 MB, far under the per-minute quota', async () => {
    const sheets = fakeSheets({ Leads: [], Unformatted: [] });
    const sink = await sinkFor(sheets.handler);
    const leads = manyLeads(10_000);

    await sink.write(leadChunksOf(leads), sheetWrite(MARCH_2025, 't1'));

    const requests = google!.requests.map((request) => `${request.method} ${request.path}`);
    const updates = requests.filter((request) => request.endsWith('values:batchUpdate'));
    // the sheets, one batchGet, the run's scratch sheets, the rows (~4 MB of values) in
    // requests of at most ~1.5 MB, then the one batch that puts them in place
    expect(requests).toEqual([
      'GET /v4/spreadsheets/sheet-1',
      'GET /v4/spreadsheets/sheet-1/values:batchGet',
      'POST /v4/spreadsheets/sheet-1:batchUpdate',
      ...updates,
      'POST /v4/spreadsheets/sheet-1:batchUpdate',
    ]);
    expect(updates).toHaveLength(3);
    // Sheets allows 60 write requests per minute per user (external-apis.md b)
    expect(updates.length).toBeLessThan(60);
    for (const update of google!.requests.filter((request) => request.path.endsWith('values:batchUpdate')))
      expect(Buffer.byteLength(JSON.stringify(update.body))).toBeLessThan(2_000_000);
    expect(sheets.sheets.Leads).toHaveLength(10_001);
    expect(sheets.sheets.Leads?.map((row) => row[0])).toEqual([
      'leadId',
      ...leads.map((item) => item.leadId),
    ]);
    // the live sheet grown to its rows (Sheets refuses a write past a sheet's grid), the scratch sheets gone
    expect(sheets.properties.map((sheet) => [sheet.title, sheet.gridProperties.rowCount])).toEqual([
      ['Leads', 10_001],
      ['Unformatted', 1000],
    ]);
  });

  it('waits out 429 with Retry-After, 503 and a rate-limit 403, telling the run each wait', async () => {
    const sheets = fakeSheets({ Leads: [], Unformatted: [] });
    const { clock, sleeps } = testClock();
    const sink = await sinkFor(
      refuseFirst([{ status: 429, retryAfter: '7' }, { status: 503 }, RATE_LIMITED_403], sheets.handler),
      clock,
    );
    const waits: RetryWait[] = [];

    expect(
      await sink.write(
        leadChunksOf([lead()]),
        sheetWrite(MARCH_2025, 't1', { onWait: (wait) => waits.push(wait) }),
      ),
    ).toEqual({
      written: 1,
      removed: 0,
    });

    expect(sleeps[0]).toBe(7000);
    expect(waits.map((wait) => [wait.service, wait.status, wait.attempt])).toEqual([
      ['Google Sheets', 429, 1],
      ['Google Sheets', 503, 2],
      ['Google Sheets', 403, 3],
    ]);
    expect(sheets.sheets.Leads?.[1]?.[0]).toBe('lead-1');
  });

  it('does not retry a 403 that is not a rate limit', async () => {
    const { clock, sleeps } = testClock();
    const sink = await sinkFor(
      () => ({
        status: 403,
        body: {
          error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
        },
      }),
      clock,
    );
    await expect(sink.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1'))).rejects.toThrow(
      'Google Sheets sheet-1: checking the sheets failed: HTTP 403: The caller does not have permission',
    );
    expect(sleeps).toEqual([]);
    expect(google!.requests).toHaveLength(1);
  });

  it('fails clearly when Sheets stays busy, with the sheet untouched', async () => {
    const sheets = fakeSheets({ Leads: [[...HEADER], ['kept']], Unformatted: [] });
    const busy = refuseAlways({ status: 429, retryAfter: '1' });
    let writesRefused = 0;
    const sink = await sinkFor((request) => {
      if (request.method !== 'POST') return sheets.handler(request);
      writesRefused += 1;
      return busy(request);
    });

    await expect(sink.write(leadChunksOf([lead()]), sheetWrite(MARCH_2025, 't1'))).rejects.toThrow(
      'Google Sheets sheet-1: writing the rows failed: Google Sheets answered HTTP 429 Too Many Requests 5 times in a row; gave up, try again later',
    );
    expect(writesRefused).toBe(5);
    expect(sheets.sheets.Leads).toEqual([[...HEADER], ['kept']]);
  });
});
