import type { LeadDetail, LeadHistoryEntry, LeadResource } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';
import { signInEveryRole } from '../../testkit/roleSessions';
import { ENGINES } from '../../testkit/engines';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 20, part 1: the office's edits survive every sync; where the calendar changed the same
// field, the lead needs review and a person decides.
describe.each(ENGINES)('office values on %s', (engine) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  let day = 0;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    tokens = await signInEveryRole(t);
    day = 0;
  });
  afterEach(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens.Manager!), ...(payload ? { payload } : {}) });
  /** A sync of the calendar as `records` say, a day after the one before. */
  const sync = (records: LeadRecord[]) =>
    syncLeads(t, records, MARCH_2025, new Date(Date.UTC(2025, 1, 1 + ++day)).toISOString());
  const idOf = async (leadId: string) =>
    (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`))[0]!.id;
  const detail = async (id: number): Promise<LeadDetail> => {
    const response = await request('GET', `/api/leads/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const edit = async (id: number, changes: object) => {
    const response = await request('PATCH', `/api/leads/${id}`, changes);
    expect(response.statusCode).toBe(200);
    return response.json() as LeadResource;
  };
  const readable = async (id: number) =>
    ((await request('GET', `/api/leads/${id}/history`)).json().items as LeadHistoryEntry[]).map((entry) => [
      entry.by.kind === 'user' ? entry.by.name : 'sync',
      entry.kind,
      entry.field,
      entry.oldValue,
      entry.newValue,
    ]);

  it('keeps an edit through a sync that changes other fields, and applies those', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { phoneNumber: '(617) 555-0100' });
    expect((await sync([lead({ auditor: 'Alex Chen' })])).updated).toBe(1);

    const after = await detail(id);
    expect(after).toMatchObject({ phoneNumber: '(617) 555-0100', auditor: 'Alex Chen', needsReview: false });
    expect(after.officeValues).toEqual([
      expect.objectContaining({
        field: 'phoneNumber',
        officeValue: '(617) 555-0100',
        calendarValue: '(617) 555-0142',
        editedBy: { userId: expect.any(Number), name: 'Manager Person' },
        calendarChangedBy: null,
        conflict: false,
      }),
    ]);
  });

  it('flags a field both changed, keeps the office value, and lets a person take the calendar’s: four steps in the history', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { phoneNumber: '(617) 555-0100' });
    await sync([lead({ phoneNumber: '(617) 555-0199', auditor: 'Alex Chen' })]);

    const flagged = await detail(id);
    expect(flagged).toMatchObject({ phoneNumber: '(617) 555-0100', auditor: 'Alex Chen', needsReview: true });
    expect(flagged.officeValues).toEqual([
      expect.objectContaining({
        field: 'phoneNumber',
        officeValue: '(617) 555-0100',
        calendarValue: '(617) 555-0199',
        calendarChangedBy: { runId: 2, at: expect.any(String) },
        conflict: true,
      }),
    ]);
    const listed = (await request('GET', '/api/leads')).json() as LeadResource[];
    expect(listed.find((item) => item.id === id)?.needsReview).toBe(true);

    const taken = await request('POST', `/api/leads/${id}/office-values/phoneNumber`, { use: 'calendar' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      phoneNumber: '(617) 555-0199',
      needsReview: false,
      officeValues: [],
    });

    expect(await readable(id)).toEqual([
      ['Manager Person', 'changed', 'phoneNumber', '(617) 555-0100', '(617) 555-0199'],
      ['sync', 'conflict', 'phoneNumber', '(617) 555-0142', '(617) 555-0199'],
      ['sync', 'changed', 'auditor', 'Sam Rivera', 'Alex Chen'],
      ['Manager Person', 'changed', 'phoneNumber', '(617) 555-0142', '(617) 555-0100'],
      ['sync', 'created', null, null, null],
    ]);
    // the field follows the calendar again
    await sync([lead({ phoneNumber: '(617) 555-0111', auditor: 'Alex Chen' })]);
    expect((await detail(id)).phoneNumber).toBe('(617) 555-0111');
  });

  it('keeps ours on request: the conflict is settled and the same calendar value does not raise it again', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { status: 'Cancelled' });
    await sync([lead({ status: 'Completed' })]);
    const version = (await detail(id)).version;

    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${id}/office-values/status`,
      headers: { ...bearer(tokens.Manager!), 'if-match': `"${version - 1}"` },
      payload: { use: 'office' },
    });
    expect(stale.statusCode).toBe(412);

    const kept = await request('POST', `/api/leads/${id}/office-values/status`, { use: 'office' });
    expect(kept.json()).toMatchObject({ status: 'Cancelled', needsReview: false });
    expect(kept.json().officeValues).toEqual([
      expect.objectContaining({ field: 'status', calendarValue: 'Completed', conflict: false }),
    ]);
    expect((await readable(id))[0]).toEqual(['Manager Person', 'kept', 'status', 'Completed', 'Cancelled']);
    // nothing left to keep
    expect(
      (await request('POST', `/api/leads/${id}/office-values/status`, { use: 'office' })).statusCode,
    ).toBe(409);

    await sync([lead({ status: 'Completed', comments: 'gate code 42' })]);
    expect(await detail(id)).toMatchObject({
      status: 'Cancelled',
      comments: 'gate code 42',
      needsReview: false,
    });
  });

  it('reverts one field to the calendar’s value without a conflict, and refuses a field never edited', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { status: 'Cancelled', comments: 'call first' });
    const reverted = await request('POST', `/api/leads/${id}/office-values/status`, { use: 'calendar' });
    expect(reverted.json()).toMatchObject({ status: 'Scheduled', comments: 'call first' });
    expect(reverted.json().officeValues.map((value: { field: string }) => value.field)).toEqual(['comments']);
    expect(
      (await request('POST', `/api/leads/${id}/office-values/auditor`, { use: 'calendar' })).statusCode,
    ).toBe(409);
    expect(
      (await request('POST', `/api/leads/${id}/office-values/leadId`, { use: 'calendar' })).statusCode,
    ).toBe(400);
  });

  it('drops an office value the calendar comes round to, and one a person sets back', async () => {
    await sync([lead(), lead({ leadId: 'lead-2' })]);
    const [one, two] = [await idOf('lead-1'), await idOf('lead-2')];
    await edit(one, { auditor: 'Alex Chen' });
    await edit(two, { auditor: 'Alex Chen' });
    await edit(two, { auditor: 'Sam Rivera' });
    expect((await detail(two)).officeValues).toEqual([]);

    await sync([lead({ auditor: 'Alex Chen' }), lead({ leadId: 'lead-2' })]);
    expect(await detail(one)).toMatchObject({ auditor: 'Alex Chen', needsReview: false, officeValues: [] });
  });

  it('keeps an edited date and its week when the calendar moves the visit', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { scheduledDate: '2025-03-20T14:00:00.000Z' });
    const moved = '2025-03-05T14:00:00.000Z';
    await sync([lead({ scheduledDate: moved, week: 2 })]);
    expect(await detail(id)).toMatchObject({
      scheduledDate: '2025-03-20T14:00:00.000Z',
      week: 4,
      needsReview: true,
    });
    await request('POST', `/api/leads/${id}/office-values/scheduledDate`, { use: 'calendar' });
    expect(await detail(id)).toMatchObject({ scheduledDate: moved, week: 2, needsReview: false });
  });

  it('keeps a lead deleted here deleted when its event is synced again, until a person restores it', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    expect((await request('DELETE', `/api/leads/${id}`)).statusCode).toBe(204);
    await sync([lead({ comments: 'changed in the calendar' })]);
    expect((await request('GET', `/api/leads/${id}`)).statusCode).toBe(404);

    const restored = await request('POST', `/api/leads/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ comments: 'changed in the calendar' });
    expect((await readable(id)).slice(0, 2).map((entry) => entry[1])).toEqual(['restored', 'changed']);
    expect((await request('POST', `/api/leads/${id}/restore`)).statusCode).toBe(404);
  });

  it('flags a lead with office values whose event is gone instead of deleting it; keep makes it manual, or delete it', async () => {
    await sync([lead(), lead({ leadId: 'lead-2' }), lead({ leadId: 'lead-3' })]);
    const [kept, dropped, plain] = [await idOf('lead-1'), await idOf('lead-2'), await idOf('lead-3')];
    await edit(kept, { comments: 'ours' });
    await edit(dropped, { comments: 'ours too' });
    expect((await sync([])).deleted).toBe(1); // only the lead without office values
    expect((await request('GET', `/api/leads/${plain}`)).statusCode).toBe(404);
    expect(await detail(kept)).toMatchObject({ needsReview: true, calendarDeletedAt: expect.any(String) });
    // a second run that still misses the event changes nothing more
    expect(await sync([])).toEqual({ created: 0, updated: 0, deleted: 0 });

    const keep = await request('POST', `/api/leads/${kept}/calendar-deletion`, { use: 'office' });
    expect(keep.json()).toMatchObject({ source: 'manual', comments: 'ours', needsReview: false });
    const drop = await request('POST', `/api/leads/${dropped}/calendar-deletion`, { use: 'calendar' });
    expect(drop.statusCode).toBe(200);
    expect((await request('GET', `/api/leads/${dropped}`)).statusCode).toBe(404);
    expect(
      (await request('POST', `/api/leads/${kept}/calendar-deletion`, { use: 'office' })).statusCode,
    ).toBe(409);

    // the event back in the calendar: the kept lead is manual now, the calendar's is new
    await sync([lead()]);
    expect((await detail(kept)).comments).toBe('ours');
  });

  it('brings back a flagged lead whose event returns, with its office values and no flag', async () => {
    await sync([lead()]);
    const id = await idOf('lead-1');
    await edit(id, { comments: 'ours' });
    await sync([]);
    await sync([lead()]);
    expect(await detail(id)).toMatchObject({ comments: 'ours', needsReview: false, calendarDeletedAt: null });
  });

  it('syncs a changed calendar over 1,000 edited leads: every edit intact, every true conflict flagged', async () => {
    const count = 1000;
    const calendar = Array.from({ length: count }, (_, index) => lead({ leadId: `e-${index}` }));
    await sync(calendar);
    const ids = await t.db.all<{ id: number; leadId: string }>(
      sql`SELECT id, lead_id AS leadId FROM leads ORDER BY id`,
    );
    for (const { id } of ids)
      await t.leads.update(id, { phoneNumber: `office-${id}` }, undefined, { userId: null });

    // every event changes its auditor; every third also its phone
    const written = await sync(
      calendar.map((record, index) =>
        lead({
          ...record,
          auditor: 'Alex Chen',
          ...(index % 3 === 0 ? { phoneNumber: `calendar-${index}` } : {}),
        }),
      ),
    );
    expect(written.updated).toBe(count);
    const rows = await t.db.all<{
      id: number;
      phone: string;
      auditor: string;
      review: number;
      leadId: string;
    }>(sql`SELECT id, lead_id AS leadId, phone_number AS phone, auditor, needs_review AS review FROM leads`);
    expect(rows.every((row) => row.phone === `office-${row.id}`)).toBe(true);
    expect(rows.every((row) => row.auditor === 'Alex Chen')).toBe(true);
    const flagged = rows.filter((row) => row.review).map((row) => row.leadId);
    expect(flagged.sort()).toEqual(
      calendar
        .filter((_, index) => index % 3 === 0)
        .map((record) => record.leadId)
        .sort(),
    );
  }, 60_000); // 1,000 edits one by one, on a machine shared with other suites
});
