import { sql } from 'drizzle-orm';
import {
  createCalendarWritesRepository,
  requestWriteStatements,
} from '../../src/features/leads/calendarWrites/calendarWritesRepository';
import { ENGINES } from '../../testkit/engines';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 20, part 2: one write at a time across instances (each claims it), and a lead that
// needs review waits for the person's decision.

const REF = { id: 'https://cal.example.com/dav/audits/lead-1.ics', etag: '"etag-1"', instance: null };
const AT = new Date('2025-03-04T12:00:00.000Z');
const later = (ms: number) => new Date(AT.getTime() + ms);

describe.each(ENGINES)('calendar writes on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
  });
  afterEach(() => t.close());

  /** A synced lead the office changed, with its write stored as an edit stores it. */
  async function editedLead(): Promise<number> {
    await syncLeads(t, [lead({ eventRef: REF })], MARCH_2025, '2025-02-01T00:00:00.000Z');
    const [{ id }] = (await t.db.all<{ id: number }>(sql`SELECT id FROM leads`)) as [{ id: number }];
    const stamp = AT.toISOString();
    await t.db.batch([
      sql`INSERT INTO lead_office_values (lead_id, field, office_value, calendar_value, user_id, at)
        VALUES (${id}, 'phoneNumber', '(617) 555-0100', '(617) 555-0142', NULL, ${stamp})`,
      sql`UPDATE leads SET updated_at = ${stamp} WHERE id = ${id}`,
      ...requestWriteStatements(id, stamp, null),
    ]);
    return id;
  }

  it('lets one instance hold a write at a time, and another take it once the claim ran out', async () => {
    const id = await editedLead();
    const one = createCalendarWritesRepository(t.db);
    const other = createCalendarWritesRepository(t.db);
    expect(await one.due(AT, 10)).toEqual([id]);

    const work = await one.claim(id, AT, 120_000);
    expect(work).toMatchObject({
      leadId: id,
      attempts: 0,
      event: { leadId: 'lead-1', ref: REF },
      officeValues: [
        { field: 'phoneNumber', officeValue: '(617) 555-0100', calendarValue: '(617) 555-0142' },
      ],
    });
    expect(await other.due(later(60_000), 10)).toEqual([]);
    expect(await other.claim(id, later(60_000), 120_000)).toBeUndefined();
    expect(await other.claim(id, later(120_000), 120_000)).toMatchObject({ leadId: id });
  });

  it('holds the write of a lead that needs review until a person decided', async () => {
    const id = await editedLead();
    await t.db.batch([sql`UPDATE leads SET needs_review = 1 WHERE id = ${id}`]);
    const writes = createCalendarWritesRepository(t.db);
    expect(await writes.due(AT, 10)).toEqual([]);
    await t.db.batch([sql`UPDATE leads SET needs_review = 0 WHERE id = ${id}`]);
    expect(await writes.due(AT, 10)).toEqual([id]);
  });

  it('keeps a write a newer edit asked for while an older one was being made', async () => {
    const id = await editedLead();
    const writes = createCalendarWritesRepository(t.db);
    const work = (await writes.claim(id, AT, 120_000))!;
    // the person edits again meanwhile
    const newer = later(1_000).toISOString();
    await t.db.batch([
      sql`UPDATE lead_office_values SET office_value = '(617) 555-0111' WHERE lead_id = ${id}`,
      sql`UPDATE leads SET updated_at = ${newer} WHERE id = ${id}`,
      ...requestWriteStatements(id, newer, null),
    ]);
    await writes.written(
      work,
      ['phoneNumber'],
      { ...lead(), phoneNumber: '(617) 555-0100' },
      '"etag-2"',
      later(2_000),
    );
    // the older edit's value is in the calendar; the newer one is still to be written, at once
    expect(await writes.pending(id)).toMatchObject({ since: newer, attempts: 0 });
    expect(await writes.due(later(2_000), 10)).toEqual([id]);
    const [office] = await t.db.all<{ officeValue: string; calendarValue: string }>(
      sql`SELECT office_value AS officeValue, calendar_value AS calendarValue FROM lead_office_values WHERE lead_id = ${id}`,
    );
    expect(office).toEqual({ officeValue: '(617) 555-0111', calendarValue: '(617) 555-0100' });
  });
});
