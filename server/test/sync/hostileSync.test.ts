import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { HOSTILE_ICS } from '../../testkit/ics/icsCases';
import { signInEveryRole } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

// The calendars of server/test/fixtures/hostile, synced through the API as an attacker's
// invitation would be: each fails its run naming the event and the limit, writes nothing, and
// the server keeps answering meanwhile (DESIGN.md section 14, in ../shared).
const HOSTILE: {
  file: string;
  range: { startDate: string; endDate: string };
  env: Record<string, string>;
  says: RegExp;
}[] = [
  {
    file: 'secondly-flood.ics',
    range: { startDate: '2026-01-05', endDate: '2026-01-06' },
    env: {},
    says: /"Flood" \(UID secondly-flood@hostile\.test\) repeats more often than hourly.*SYNC_ALLOW_SUBHOURLY_RULES/,
  },
  {
    file: 'secondly-flood.ics',
    range: { startDate: '2026-01-05', endDate: '2026-01-06' },
    env: { SYNC_ALLOW_SUBHOURLY_RULES: 'true' },
    says: /"Flood" \(UID secondly-flood@hostile\.test\) has more than 5,000 occurrences.*SYNC_MAX_OCCURRENCES_PER_SERIES/,
  },
  {
    // limits raised far enough that the reader works for seconds: on its own thread
    file: 'secondly-flood.ics',
    range: { startDate: '2026-01-05', endDate: '2026-01-06' },
    env: {
      SYNC_ALLOW_SUBHOURLY_RULES: 'true',
      SYNC_MAX_OCCURRENCES_PER_SERIES: '1000000',
      SYNC_MAX_EVENTS_PER_RUN: '100000',
    },
    says: /more than 100,000 events in the synced range.*"Flood" \(UID secondly-flood@hostile\.test\).*SYNC_MAX_EVENTS_PER_RUN/,
  },
  {
    file: 'two-walks-from-2000.ics',
    range: { startDate: '2030-01-01', endDate: '2030-01-02' },
    env: {},
    says: /UID walk-from-2000-a@hostile\.test.*SYNC_ALLOW_SUBHOURLY_RULES/,
  },
  {
    file: 'five-walks-from-2000.ics',
    range: { startDate: '2030-01-01', endDate: '2030-01-02' },
    env: {},
    says: /UID walk-from-2000-a@hostile\.test.*SYNC_ALLOW_SUBHOURLY_RULES/,
  },
  {
    file: 'huge-description.ics',
    range: { startDate: '2026-01-01', endDate: '2026-12-31' },
    env: {},
    says: /has a description of [\d,]+ characters, over the limit of 32,767.*SYNC_MAX_TEXT_LENGTH/,
  },
];

/** Asks /api/health every few milliseconds until stopped; the answers' times in ms. */
function watchHealth(t: TestApp) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (response.statusCode !== 200) throw new Error(`health answered ${response.statusCode}`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    return { count: sorted.length, p99: sorted[Math.ceil(sorted.length * 0.99) - 1]! };
  };
}

describe('hostile calendars synced through the API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each(HOSTILE)(
    '$file with $env: refused by name, nothing written, the server answering',
    async (hostile) => {
      t = await createTestApp({ CALENDAR_ICS: path.join(HOSTILE_ICS, hostile.file), ...hostile.env });
      const token = (await t.login()).access_token;
      const stopWatching = watchHealth(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sync/execute',
        headers: bearer(token),
        payload: hostile.range,
      });
      const health = await stopWatching();

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, eventsCreated: 0 });
      expect(response.json().message).toMatch(hostile.says);
      expect(response.json().message).toContain('Nothing was written');
      const [{ n }] = (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM leads`)) as [
        { n: number },
      ];
      expect(n).toBe(0);
      expect(fs.existsSync(t.config.spreadsheet.path)).toBe(false);
      expect(health.count).toBeGreaterThan(0);
      expect(health.p99).toBeLessThan(200);
    },
  );
});

describe('who may start a sync', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is SYNC_ROLES: a User is refused before anything runs; status and history stay open to all', async () => {
    t = await createTestApp();
    const tokens = await signInEveryRole(t);
    const execute = (token: string | null) =>
      t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token!), payload: {} });
    expect((await execute(tokens.User)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sync/status', headers: bearer(tokens.User!) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sync/history', headers: bearer(tokens.User!) }))
        .statusCode,
    ).toBe(200);
    const [{ n }] = (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM sync_runs`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
    expect((await execute(tokens.Manager)).statusCode).toBe(200);
  });

  it('can name Users too', async () => {
    t = await createTestApp({ SYNC_ROLES: 'Admin, Manager, User' });
    const tokens = await signInEveryRole(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/execute',
      headers: bearer(tokens.User!),
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('is rate limited per person: past RATE_LIMIT_SYNC_PER_USER an hour, 429 with Retry-After', async () => {
    t = await createTestApp({ RATE_LIMIT_SYNC_PER_USER: '2' });
    const tokens = await signInEveryRole(t);
    const execute = (token: string | null) =>
      t.app.inject({ method: 'POST', url: '/api/sync/execute', headers: bearer(token!), payload: {} });
    expect((await execute(tokens.Manager)).statusCode).toBe(200);
    expect((await execute(tokens.Manager)).statusCode).toBe(200);
    const third = await execute(tokens.Manager);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    // another person's allowance is their own
    expect((await execute(tokens.Admin)).statusCode).toBe(200);
  });
});
