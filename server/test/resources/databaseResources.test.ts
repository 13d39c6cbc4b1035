import type { DatabaseStats, ResourceStatsResponse } from '@auditdesk/shared/core';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { ENGINES } from '../../testkit/engines';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const GB = 1024 ** 3;

describe.each(ENGINES)('GET /api/resources/cloudflare on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    token = (await t.login()).access_token;
    await syncLeads(
      t,
      [lead({ leadId: 'a' }), lead({ leadId: 'b' }), lead({ leadId: 'c', customerName: 'Ann Ortiz' })],
      MARCH_2025,
      '2025-02-01T00:00:00.000Z',
    );
  });
  afterEach(() => t.close());

  const read = async () => {
    const response = await t.app.inject({ url: '/api/resources/cloudflare', headers: bearer(token) });
    return { response, body: response.json() as ResourceStatsResponse<DatabaseStats> };
  };

  /** The app's tables and their rows, counted here apart from the route. */
  async function tablesCountedHere() {
    const names = (
      await t.db.all<{ name: string }>(
        sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!' AND name NOT LIKE '!_cf!_%' ESCAPE '!' ORDER BY name`,
      )
    ).map((row) => row.name);
    const tables = [];
    for (const name of names) {
      const [row] = await t.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${name}"`));
      tables.push({ name, rows: row!.n });
    }
    return tables;
  }

  it("answers the database's real tables, rows, size and today's reads and writes against the Free plan on D1, and no plan's limits on SQLite", async () => {
    const tables = await tablesCountedHere();
    const before = engine === 'd1' ? t.d1!.analytics.today() : t.db.usage.today();
    const { response, body } = await read();
    const after = engine === 'd1' ? t.d1!.analytics.today() : t.db.usage.today();

    expect(`${response.statusCode} ${body.error}`).toBe('200 null');
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    const stats = body.data!;
    expect(stats.tables!.map(({ name, rows }) => ({ name, rows }))).toEqual(tables);
    expect(tables.find((table) => table.name === 'leads')).toEqual({ name: 'leads', rows: 3 });
    expect(tables.find((table) => table.name === 'users')).toEqual({ name: 'users', rows: 1 });
    // the business's tables apart from the app's bookkeeping; every table still counts
    const purpose = (name: string) => stats.tables!.find((table) => table.name === name)?.purpose;
    expect(['leads', 'users', 'sync_runs', 'notifications'].map(purpose)).toEqual(Array(4).fill('business'));
    const bookkeeping = ['sessions', 'refresh_tokens', 'password_links', 'mail_outbox', 'data_versions'];
    if (engine === 'sqlite') bookkeeping.push('__drizzle_migrations');
    expect(bookkeeping.map(purpose)).toEqual(bookkeeping.map(() => 'bookkeeping'));
    const totalRows = tables.reduce((sum, table) => sum + table.rows, 0);
    expect(stats).toMatchObject({
      tableCount: tables.length,
      totalRows,
      usage: { rowsUsed: totalRows, sizeUsed: stats.totalSize, databasesUsed: 1 },
      limits:
        engine === 'd1'
          ? { maxRows: 0, maxSize: 5 * GB, maxDatabases: 10, maxRowsRead: 5_000_000, maxRowsWritten: 100_000 }
          : // a file on this server: D1's free plan is not what limits it (0: no limit)
            { maxRows: 0, maxSize: 0, maxDatabases: 0, maxRowsRead: 0, maxRowsWritten: 0 },
    });
    expect(tables.length).toBeGreaterThanOrEqual(9);
    if (engine === 'd1') {
      expect(stats.planName).toBe('Free');
      expect(stats.databaseName).toBe(t.d1!.account.databaseName);
      expect(stats.totalSize).toBe(await t.d1!.engine.size());
    } else {
      expect(stats.planName).toBe('Local SQLite');
      expect(stats.databaseName).toBe('auditdesk.db');
      const file = new BetterSqlite3(t.config.databasePath, { readonly: true });
      const pages = file.pragma('page_count', { simple: true }) as number;
      const pageSize = file.pragma('page_size', { simple: true }) as number;
      file.close();
      expect(stats.totalSize).toBe(pages * pageSize);
    }
    // reading the stats writes nothing; the sync wrote the leads (and D1 counts its index rows too)
    expect(stats.usage.rowsWritten).toBe(after.rowsWritten);
    expect(stats.usage.rowsWritten).toBe(before.rowsWritten);
    expect(stats.usage.rowsWritten).toBeGreaterThanOrEqual(3);
    expect(stats.usage.rowsRead).toBeGreaterThanOrEqual(before.rowsRead);
    expect(stats.usage.rowsRead).toBeLessThanOrEqual(after.rowsRead);
    expect(stats.performance.queryDuration).toBeGreaterThan(0);
  });

  it('reuses an answer for 30 s: a refresh storm reads the database once', async () => {
    const first = (await read()).body;
    const callsBefore = t.d1?.calls.length;
    const readBefore = t.db.usage.today().rowsRead;
    for (let i = 0; i < 5; i += 1) expect((await read()).body).toEqual(first);
    // each request costs only its sign-in check: one statement, returning one row (D1 counts
    // the two it reads: the session's and the user's)
    if (engine === 'd1') expect(t.d1!.calls.length - callsBefore!).toBe(5);
    expect(t.db.usage.today().rowsRead - readBefore).toBe(engine === 'd1' ? 10 : 5);
  });
});

describe('GET /api/resources/cloudflare when D1 fails', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({}, { engine: 'd1' });
    token = (await t.login()).access_token;
  });
  afterEach(() => t.close());

  const read = () => t.app.inject({ url: '/api/resources/cloudflare', headers: bearer(token) });

  it('answers 503 with the reason in the envelope, and reads again once D1 is back', async () => {
    t.d1!.fail({ when: (call) => call.kind === 'info', status: 503 });
    const failed = await read();
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    const message =
      "Could not read the database's stats: Cloudflare D1 answered HTTP 503, 3 times in a row; try again shortly.";
    expect(failed.json()).toMatchObject({
      status: 503,
      detail: message,
      success: false,
      data: null,
      error: message,
    });

    t.d1!.clearFaults();
    const back = await read();
    expect(back.statusCode).toBe(200);
    expect(back.json().data.databaseName).toBe(t.d1!.account.databaseName);
  });

  it('passes a long Retry-After of a rate limit on instead of waiting it out', async () => {
    t.d1!.fail({ when: (call) => call.kind === 'graphql', status: 429, retryAfter: '120' });
    const failed = await read();
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('120');
    expect(failed.json().error).toBe(
      "Could not read the database's stats: Cloudflare's analytics API is rate limiting this server (HTTP 429); try again in 120 s.",
    );
  });

  it('says which permission the token lacks when the analytics API refuses it', async () => {
    t.d1!.fail({ when: (call) => call.kind === 'graphql', status: 403 });
    const failed = await read();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toMatch(/D1_API_TOKEN needs the Account Analytics: Read permission/);
  });
});
