import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { D1Call } from '../../testkit/servers/d1/d1ContractServer';
import { icsCalendar, manyEvents } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const RANGE = { startDate: '2025-01-01', endDate: '2026-12-31' };
const isStaging = (call: D1Call) => call.sql[0]?.startsWith('INSERT OR REPLACE INTO leads_staging') ?? false;
const isFinalBatch = (call: D1Call) => call.sql.some((text) => text.startsWith('INSERT INTO leads '));

/** A D1 call that fails in the middle of the sync's database step leaves the leads exactly as they were. */
describe('a D1 call that fails during a sync', () => {
  let t: TestApp;
  let token: string;
  let calendar: string;

  const execute = () =>
    t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token), payload: RANGE });
  const leadRows = () => t.db.all<Record<string, unknown>>(sql`SELECT * FROM leads ORDER BY id`);
  const staged = async () =>
    (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads_staging`))[0]!.n;

  beforeEach(async () => {
    calendar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-d1-fail-')), 'calendar.ics');
    fs.writeFileSync(calendar, icsCalendar(manyEvents(4000)));
    t = await createTestApp({ CALENDAR_ICS: calendar }, { engine: 'd1' });
    token = (await t.login()).access_token;
    expect((await execute()).json()).toMatchObject({ success: true, eventsCreated: 4000 });
    // every event renamed: the next run stages all 4,000 leads in two chunks, then applies them
    fs.writeFileSync(
      calendar,
      icsCalendar(manyEvents(4000).map((event) => ({ ...event, summary: `Renamed ${event.summary}` }))),
    );
  }, 60_000);
  afterEach(async () => {
    await t.close();
    fs.rmSync(path.dirname(calendar), { recursive: true, force: true });
  });

  it.each([
    [
      'the second staging chunk',
      (call: D1Call, seen: D1Call[]) => isStaging(call) && seen.filter(isStaging).length >= 2,
    ],
    ['the final batch', (call: D1Call) => isFinalBatch(call)],
  ])(
    '%s failing for good: the run fails, the leads stay as before, the next run converges',
    async (_what, failing) => {
      const before = await leadRows();
      const version = await t.leads.dataVersion();
      const from = t.d1!.calls.length;
      t.d1!.fail({ when: (call) => failing(call, t.d1!.calls.slice(from)), status: 500 });

      const failed = await execute();
      expect(failed.json()).toMatchObject({ success: false });
      expect(failed.json().message).toMatch(/Cloudflare D1 answered HTTP 500, 3 times in a row/);
      expect(await leadRows()).toEqual(before);
      expect(await t.leads.dataVersion()).toBe(version);

      t.d1!.clearFaults();
      expect((await execute()).json()).toMatchObject({ success: true, eventsUpdated: 4000 });
      const after = await leadRows();
      expect(after).toHaveLength(4000);
      expect(after.every((row) => String(row.customer_name).startsWith('Renamed'))).toBe(true);
      expect(await staged()).toBe(0);
    },
    60_000,
  );

  // issue 18, item 13: D1 ran the batch, the answer was lost, the client sent it again
  it('the final batch run but its answer lost: the resend is refused by the run’s receipt, the counts are D1’s', async () => {
    t.d1!.fail({ when: isFinalBatch, status: 500, times: 1, lostAnswer: true });
    const result = (await execute()).json();
    expect(result).toMatchObject({ success: true, eventsCreated: 0, eventsUpdated: 4000, eventsDeleted: 0 });
    expect(result.message).toContain('4000 updated');
    const rows = await leadRows();
    expect(rows.every((row) => String(row.customer_name).startsWith('Renamed'))).toBe(true);
    expect(rows.every((row) => row.version === 2)).toBe(true); // applied once, not twice
    const history = await t.app.inject({ url: '/api/sync/history', headers: bearer(token) });
    expect(history.statusCode).toBe(200);
    expect(history.json().items[0]).toMatchObject({ eventsUpdated: 4000, success: true });
  }, 60_000);

  it('a history row with a count no run can have is said so, not a 500 for the page', async () => {
    await t.db.batch([sql`UPDATE sync_runs SET events_updated = -500 WHERE id = 1`]);
    const history = await t.app.inject({ url: '/api/sync/history', headers: bearer(token) });
    expect(history.statusCode).toBe(200);
    const broken = history.json().items.find((item: { id: number }) => item.id === 1);
    expect(broken).toMatchObject({ eventsUpdated: 0 });
    expect(broken.message).toContain('recorded counts could not be read');
  });

  it('a staging chunk answered 503 once is sent again and the run goes through', async () => {
    const from = t.d1!.calls.length;
    t.d1!.fail({ when: isStaging, status: 503, times: 1 });
    expect((await execute()).json()).toMatchObject({ success: true, eventsUpdated: 4000 });
    expect(t.d1!.calls.slice(from).filter(isStaging)).toHaveLength(3); // two chunks, one of them twice
    const rows = await leadRows();
    expect(rows).toHaveLength(4000);
    expect(rows.every((row) => String(row.customer_name).startsWith('Renamed'))).toBe(true);
  }, 60_000);
});

describe('a request while D1 is unavailable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { engine: 'd1' });
  });
  afterAll(() => t.close());

  it('answers a 503 problem that says why, and the app serves again once D1 is back', async () => {
    const token = (await t.login()).access_token;
    t.d1!.fail({ when: (call) => call.kind === 'raw' || call.kind === 'query', status: 503 });
    const failed = await t.app.inject({ url: '/api/leads', headers: bearer(token) });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    expect(failed.json()).toEqual({
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail:
        'The database is unavailable: Cloudflare D1 answered HTTP 503, 3 times in a row; try again shortly.',
    });

    t.d1!.clearFaults();
    expect((await t.app.inject({ url: '/api/leads', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('passes on a rate limit it should not wait out, with its Retry-After', async () => {
    const token = (await t.login()).access_token;
    t.d1!.fail({ when: (call) => call.kind === 'raw', status: 429, retryAfter: '90', times: 1 });
    const limited = await t.app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(limited.statusCode).toBe(503);
    expect(limited.headers['retry-after']).toBe('90');
    expect(limited.json().detail).toBe(
      'The database is unavailable: Cloudflare D1 is rate limiting this server (HTTP 429); try again in 90 s.',
    );
  });

  it('refuses to start with a token Cloudflare does not accept, and says which setting', async () => {
    await expect(createTestApp({ D1_API_TOKEN: 'not-the-token' }, { engine: 'd1' })).rejects.toThrow(
      'Cloudflare D1 refused D1_API_TOKEN (HTTP 403: Authentication error).',
    );
  });
});
