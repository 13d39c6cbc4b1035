import type { LeadDetail } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import { signInEveryRole } from '../../testkit/roleSessions';
import { ENGINES } from '../../testkit/engines';
import { eventually } from '../../testkit/eventually';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 20, part 2: what the sync keeps of each event for writing it back, and when an edit
// asks for a write (only with write-back on, only for an event that can be written).

const REF = { id: 'https://cal.example.com/dav/audits/lead-1.ics', etag: '"etag-1"', instance: null };

describe.each(ENGINES)('event references and write requests on %s', (engine) => {
  let t: TestApp;
  let day = 0;
  afterEach(() => t.close());

  const start = async (env: Record<string, string>) => {
    t = await createTestApp(env, {
      engine,
      // a calendar that cannot be reached, and a pause of an hour before the next attempt
      writeBack: {
        pollMs: 3_600_000,
        policy: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 },
        writer: {
          description: 'no calendar',
          write: () => Promise.reject(new Error('the CalDAV server cal.example.com could not be reached')),
        },
      },
    });
    day = 0;
    return signInEveryRole(t);
  };
  const sync = (records: Parameters<typeof syncLeads>[1]) =>
    syncLeads(t, records, MARCH_2025, new Date(Date.UTC(2025, 1, 1 + ++day)).toISOString());
  const stored = () =>
    t.db.all<{
      ref: string | null;
      etag: string | null;
      instance: string | null;
      hash: string;
      version: number;
    }>(
      sql`SELECT event_ref AS ref, event_etag AS etag, event_instance AS instance, content_hash AS hash, version
        FROM leads ORDER BY lead_id`,
    );
  const writes = () =>
    t.db.all<{ leadId: number; attempts: number }>(
      sql`SELECT lead_id AS leadId, attempts FROM calendar_writes`,
    );

  it('keeps each event’s reference and ETag apart from its content: an ETag alone changing is no update', async () => {
    await start({});
    expect((await sync([lead({ eventRef: REF })])).created).toBe(1);
    const [first] = await stored();
    expect(first).toMatchObject({ ref: REF.id, etag: REF.etag, instance: null });

    const again = await sync([lead({ eventRef: { ...REF, etag: '"etag-2"' } })]);
    expect(again).toEqual({ created: 0, updated: 0, deleted: 0 });
    const [second] = await stored();
    expect(second).toEqual({ ...first, etag: '"etag-2"' });

    // one instance of a series keeps its RECURRENCE-ID
    await sync([
      lead({ eventRef: { ...REF, etag: '"etag-2"' } }),
      lead({ leadId: 'series@x_20250311T150000Z', eventRef: { ...REF, instance: '20250311T150000Z' } }),
    ]);
    expect((await stored())[1]).toMatchObject({ instance: '20250311T150000Z' });
  });

  it('stores a write with an edit of a calendar lead when write-back is on, and says so on the lead', async () => {
    const tokens = await start({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: 'https://cal.example.com/dav/',
      CALDAV_USERNAME: 'office',
      CALDAV_PASSWORD: 'secret',
      CALENDAR_WRITE_BACK: 'on',
    });
    await sync([lead({ eventRef: REF }), lead({ leadId: 'no-ref' })]);
    const [{ id }] = (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = 'lead-1'`)) as [
      { id: number },
    ];
    const [{ id: noRef }] = (await t.db.all<{ id: number }>(
      sql`SELECT id FROM leads WHERE lead_id = 'no-ref'`,
    )) as [{ id: number }];
    const patch = (leadId: number, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/leads/${leadId}`,
        headers: bearer(tokens.Manager!),
        payload,
      });

    expect((await patch(id, { phoneNumber: '(617) 555-0100' })).statusCode).toBe(200);
    expect((await patch(noRef, { phoneNumber: '(617) 555-0100' })).statusCode).toBe(200);
    // tried at once, not reached: kept with its reason, for the next attempt an hour later
    const detail = await eventually(async () => {
      const shown: LeadDetail = (
        await t.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: bearer(tokens.Manager!) })
      ).json();
      expect(shown.calendarWrite?.attempts).toBe(1);
      return shown;
    });
    expect(detail.calendarWrite).toEqual({
      since: expect.any(String),
      attempts: 1,
      reason: 'the CalDAV server cal.example.com could not be reached',
      failedAt: null,
      nextAttemptAt: expect.any(String),
    });
    expect(Date.parse(detail.calendarWrite!.nextAttemptAt) - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(detail).toMatchObject({ phoneNumber: '(617) 555-0100', needsReview: false });
    expect(await writes()).toEqual([{ leadId: id, attempts: 1 }]);
    const business = await t.app.inject({
      method: 'GET',
      url: '/api/business',
      headers: bearer(tokens.User!),
    });
    expect(business.json()).toEqual({ timeZone: 'America/New_York', writeBack: 'on' });

    // an edit that puts the calendar's value back leaves nothing to write
    expect((await patch(id, { phoneNumber: '(617) 555-0142' })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: bearer(tokens.Manager!) })
      ).json().officeValues,
    ).toEqual([]);
    expect(await writes()).toEqual([]);
  });

  it('stores no write while write-back is off, and an ICS calendar is read-only', async () => {
    const tokens = await start({
      CALENDAR_SOURCE: 'caldav',
      CALDAV_URL: 'https://cal.example.com/dav/',
      CALDAV_USERNAME: 'office',
      CALDAV_PASSWORD: 'secret',
    });
    await sync([lead({ eventRef: REF })]);
    const [{ id }] = (await t.db.all<{ id: number }>(sql`SELECT id FROM leads`)) as [{ id: number }];
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: bearer(tokens.Manager!),
      payload: { phoneNumber: '(617) 555-0100' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await writes()).toEqual([]);
    const business = await t.app.inject({
      method: 'GET',
      url: '/api/business',
      headers: bearer(tokens.User!),
    });
    expect(business.json()).toMatchObject({ writeBack: 'off' });
    await t.close();

    const icsTokens = await start({ CALENDAR_WRITE_BACK: 'on' });
    const ics = await t.app.inject({ method: 'GET', url: '/api/business', headers: bearer(icsTokens.User!) });
    expect(ics.json()).toMatchObject({ writeBack: 'read-only source' });
  });
});
