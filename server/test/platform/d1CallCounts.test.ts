import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { D1Call } from '../../testkit/servers/d1/d1ContractServer';
import { icsCalendar, manyEvents } from '../../testkit/builders/icsBuilder';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

/**
 * What the screens and the sync cost on D1, in REST calls (Cloudflare allows about 1,200 per
 * 5 minutes) and so in rows read. The numbers are the budget: a change that makes a screen
 * or the sync call D1 more often fails here. Heartbeats are kept out of the count (a lease
 * of an hour); progress records, written at most every 5 s, are counted apart.
 */
describe('REST calls to D1', () => {
  let t: TestApp;
  let dir: string;
  const calls = () => t.d1!.calls;
  /** The live releases are read every 15 s whatever runs (liveRemotes): no part of the work measured. */
  // the releases' state (live, stages, previews) read every few seconds, as one query or as Drizzle's
  const isLiveReleasesPoll = (call: D1Call) => /from "?release_changes"?/i.test(call.sql[0] ?? '');
  const callsOf = async (work: () => Promise<unknown>): Promise<D1Call[]> => {
    const from = calls().length;
    await work();
    return calls()
      .slice(from)
      .filter((call) => !isLiveReleasesPoll(call));
  };
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-calls-'));
    fs.writeFileSync(path.join(dir, 'calendar.ics'), icsCalendar(manyEvents(10_000)));
    t = await createTestApp(
      { CALENDAR_ICS: path.join(dir, 'calendar.ics'), SYNC_LEASE_SECONDS: '3600' },
      { engine: 'd1' },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The run's progress records: forced at each step's start, else at most every 5 s. */
  const isProgressRecord = (call: D1Call) => /^update "sync_runs" set "heartbeat_at"/.test(call.sql[0] ?? '');
  /** Reads of the signed-in user: the sign-in check of a request is one joined statement. */
  const userReads = (made: D1Call[]) =>
    made.filter((call) => /^select "users"\."id"/.test(call.sql[0] ?? '')).length;

  const sync = async () => {
    const started = Date.now();
    let result: Record<string, unknown> = {};
    const made = await callsOf(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sync/execute',
        headers: bearer(token),
        payload: { startDate: '2025-01-01', endDate: '2027-12-31' },
      });
      result = response.json();
    });
    const progress = made.filter(isProgressRecord).length;
    // three steps, and one more record per 5 s a step runs
    expect(progress).toBeGreaterThanOrEqual(3);
    expect(progress).toBeLessThanOrEqual(3 + Math.ceil((Date.now() - started) / 5000));
    expect(made.filter(isRestorePoint).map((call) => call.kind)).toEqual(['time-travel', 'query']);
    return { result, made: made.filter((call) => !isProgressRecord(call) && !isRestorePoint(call)) };
  };
  /** The restore point made before every run (issue 36): its Time Travel bookmark and its row. */
  const isRestorePoint = (call: D1Call) =>
    call.kind === 'time-travel' || call.sql.some((text) => /INSERT INTO backup_points/.test(text));
  /** Telling the bells how the run ended: the notification (prune + insert), read back, its recipients. */
  const isNotification = (call: { sql: string[] }) =>
    call.sql.some((text) => /"notifications"/.test(text)) ||
    /^select "id", "email", .* from "users"/.test(call.sql[0]!);

  let token: string;
  it('a sign-in: 4 calls (the user, the login stamp, the session, its refresh token)', async () => {
    const made = await callsOf(async () => {
      token = (await t.login()).access_token;
    });
    expect(made.map((call) => call.kind)).toEqual(['raw', 'raw', 'raw', 'raw']);
  });

  it('a 10,000-event sync: 22 calls besides its progress records, its restore point and its notification, 5 of them staging ~1 MB each', async () => {
    const { result, made: all } = await sync();
    expect(all.filter(isNotification)).toHaveLength(3);
    const made = all.filter((call) => !isNotification(call));
    expect(result).toMatchObject({ success: true, eventsCreated: 10_000 });
    const staging = made.filter((call) => call.sql[0]!.startsWith('INSERT OR REPLACE INTO leads_staging'));
    expect(staging).toHaveLength(5);
    // the leads change in one batch: the run's receipt (refused without the lease), the upsert
    // from the staging table and its count, the history of the leads it created, the staging
    // cleanup, the version; then the receipt is read. (All new: no field history to record.)
    // Before the spreadsheet, one read of the office's values (what the sheet shows instead);
    // right before the .xlsx is replaced, one read of the run's lease (only its holder replaces it).
    // At the end, how many leads need review, for the run's notification to name them (issue 37.9).
    // Before the run's leads are read, the merged leads' events (folded into the kept lead, issue 37).
    expect(made.filter((call) => call.sql.length > 1).map((call) => call.sql.length)).toEqual([6]);
    expect(made).toHaveLength(22);
    expect(userReads(made)).toBe(1);
  }, 120_000);

  it('a no-change re-run of it: 6 calls besides its progress records, its restore point and its notification, none on the leads', async () => {
    const { result, made: all } = await sync();
    expect(all.filter(isNotification)).toHaveLength(3);
    const made = all.filter((call) => !isNotification(call));
    expect(result).toMatchObject({ success: true, eventsCreated: 0, eventsUpdated: 0, eventsDeleted: 0 });
    expect(made).toHaveLength(6);
    expect(made.some((call) => call.sql.some((text) => /leads/i.test(text)))).toBe(false);
  }, 120_000);

  it('opening /leads with 10,000 leads: 4 calls (the user once per request, the version, the leads)', async () => {
    const made = await callsOf(async () => {
      expect((await get('/api/auth/user', token)).statusCode).toBe(200);
      const leads = await get('/api/leads?excludeCalendarNotFormatted=true', token);
      expect(leads.json()).toHaveLength(10_000);
    });
    expect(made).toHaveLength(4);
    expect(userReads(made)).toBe(2);
  });

  it('opening /scheduling: 5 calls (the user once per request, the version, one grouped grid query)', async () => {
    const made = await callsOf(async () => {
      expect((await get('/api/auth/user', token)).statusCode).toBe(200);
      expect((await get('/api/scheduling/auditors', token)).statusCode).toBe(200);
      const grid = await get('/api/leads/grid-data?startDate=2025-01-01&endDate=2025-12-31', token);
      expect(grid.json().length).toBeGreaterThan(0);
    });
    expect(made).toHaveLength(5);
    expect(userReads(made)).toBe(3);
  });
});
