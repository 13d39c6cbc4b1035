import { sql } from 'drizzle-orm';
import { parseRestoreTime, restoreCommand } from '../../src/cli/backupCommands';
import type { DatabaseEngine } from '../../src/platform/db/database';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `at` as the wall clock of `timeZone`, to the second, as an operator types it for `pnpm restore --at`. */
function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const notes = async (t: TestApp) =>
  (await t.db.all<{ notes: string | null }>(sql`SELECT notes FROM users ORDER BY id`))[0]!.notes;

// Issue 36: `pnpm restore --at "…"` on SQLite puts back the newest verified point at or before
// that time (in CALENDAR_TIMEZONE); a point nothing is at or before is refused with the reason.
describe('pnpm restore --at on SQLite', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ CALENDAR_TIMEZONE: 'America/New_York' }, { engine: 'sqlite' });
  });
  afterEach(() => t.close());

  it('restores the newest point at or before that time, not the one after it', async () => {
    const zone = t.config.calendar.timeZone;
    const beforeAll = wallClock(new Date(Date.now() - 60_000), zone);
    await t.db.batch([sql`UPDATE users SET notes = 'first'`]);
    const first = (await t.services.backups.backUpNow('the test')).point;
    await pause(1_100);
    const between = wallClock(new Date(), zone);
    await pause(1_100);
    await t.db.batch([sql`UPDATE users SET notes = 'second'`]);
    const second = (await t.services.backups.backUpNow('the test')).point;
    await t.db.batch([sql`UPDATE users SET notes = 'now'`]);

    const lines: string[] = [];
    const at = parseRestoreTime(between, zone)!;
    expect(at.getTime()).toBeGreaterThan(Date.parse(first.at));
    expect(at.getTime()).toBeLessThan(Date.parse(second.at));
    expect(await restoreCommand(t.services.backups, { at }, (line) => lines.push(line))).toBe(0);
    expect(lines).toContain(`Restored ${first.name} (Requested by the test).`);
    expect(await notes(t)).toBe('first');

    const none: string[] = [];
    const tooEarly = parseRestoreTime(beforeAll, zone)!;
    expect(await restoreCommand(t.services.backups, { at: tooEarly }, (line) => none.push(line))).toBe(1);
    expect(none.at(-1)).toBe(
      `Not restored: There is no restore point at or before ${tooEarly.toISOString()}.`,
    );
    expect(await notes(t)).toBe('first');
  });
});

// Issue 36: a point taken by a newer release than the running code (its schema has a migration
// this code does not know) is refused with the reason, on the page (422) and the command line.
describe.each<DatabaseEngine>(['sqlite', 'd1'])('a point from a newer release, on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
  });
  afterEach(() => t.close());

  it('is refused with the reason, and nothing is restored', async () => {
    const admin = bearer((await t.login()).access_token);
    // a migration of a later release, a year ahead of this code's newest
    const later = Date.now() + 365 * 86_400_000;
    await t.db.batch([
      sql`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('a-later-release', ${later})`,
    ]);
    const taken = await t.app.inject({ method: 'POST', url: '/api/backups', headers: admin });
    expect(taken.statusCode).toBe(200);
    const { point } = taken.json() as { point: { name: string } };
    await t.db.batch([
      sql`DELETE FROM __drizzle_migrations WHERE hash = 'a-later-release'`,
      sql`UPDATE users SET notes = 'kept'`,
    ]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: admin,
      payload: { point: point.name },
    });
    expect(refused.statusCode).toBe(422);
    const reason = `${point.name} cannot be restored: it was made by a newer release of Auditdesk`;
    expect(refused.json()).toMatchObject({ detail: expect.stringContaining(reason) });
    expect(refused.json().detail).toMatch(/Update the server first, then restore it\.$/);

    const lines: string[] = [];
    expect(await restoreCommand(t.services.backups, { point: point.name }, (line) => lines.push(line))).toBe(1);
    expect(lines.at(-1)).toMatch(new RegExp(`^Not restored: ${reason}.*Update the server first`));
    expect(await notes(t)).toBe('kept');
    expect((await t.services.backups.overview()).restores).toEqual([]);
  });
});
