import type { LeadActionResult, LeadHistoryEntry, NotificationsPage } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';
import { createDataVersions } from '../../src/platform/db/dataVersions';
import { weekOfMonthSql } from '../../src/features/leads/record/weekOfMonth';
import { createLeadActions } from '../../src/features/leads/actions/leadActions';
import { weekOfMonth } from '../../src/features/leads/record/weekOfMonth';
import { ENGINES } from '../../testkit/engines';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { signInEveryRole } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { csvOf, importRequest } from '../../testkit/clients/importForm';

type Versioned = { id: number; version: number };

// Issue 21, part 3: many leads changed or deleted as one action, all or nothing, and undone as one.
describe.each(ENGINES)('bulk lead actions on %s', (engine) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    tokens = await signInEveryRole(t);
  });
  afterEach(() => t.close());

  const post = (url: string, payload?: object, token = tokens.Manager!) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const bulk = (payload: object, token?: string) => post('/api/leads/bulk', payload, token);
  const undo = (actionId: number, token?: string) =>
    post(`/api/lead-actions/${actionId}/undo`, undefined, token);

  /** `count` manual leads, numbered, at version 1, written in one statement. */
  async function seed(count: number, status = 'Scheduled'): Promise<Versioned[]> {
    await t.db.batch([
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
        INSERT INTO leads (lead_id, source, customer_name, status, auditor, created_at, updated_at)
        SELECT 'manual-seed-' || i, 'manual', 'Customer ' || i, ${status}, 'Sam Rivera',
          '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' FROM n`,
    ]);
    return t.db.all<Versioned>(sql`SELECT id, version FROM leads WHERE deleted_at IS NULL ORDER BY id`);
  }
  const leadsNow = () =>
    t.db.all<{ id: number; status: string; auditor: string; version: number; deleted: number }>(
      sql`SELECT id, status, auditor, version, deleted_at IS NOT NULL AS deleted FROM leads ORDER BY id`,
    );
  const historyRows = () =>
    t.db.all<{
      leadId: number;
      kind: string;
      field: string | null;
      oldValue: string | null;
      newValue: string | null;
      actionId: number | null;
    }>(
      sql`SELECT lead_id AS leadId, kind, field, old_value AS oldValue, new_value AS newValue, action_id AS actionId
        FROM lead_history ORDER BY id`,
    );
  const actionCount = async () =>
    (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_actions`))[0]!.n;
  const dataVersion = () => createDataVersions(t.db).current('leads');
  const history = async (id: number): Promise<LeadHistoryEntry[]> =>
    (await t.app.inject({ url: `/api/leads/${id}/history`, headers: bearer(tokens.User!) })).json().items;

  it('changes every lead as one named action: a history entry per changed field, each version bumped, the data version once', async () => {
    const seeded = await seed(3);
    await t.db.batch([sql`UPDATE leads SET status = 'Cancelled' WHERE id = ${seeded[2]!.id}`]); // already so
    const before = await dataVersion();
    const answer = await bulk({ leads: seeded, change: { status: 'Cancelled', scheduledBy: 'Maria' } });
    expect(answer.statusCode).toBe(200);
    const result: LeadActionResult = answer.json();
    expect(result.action).toMatchObject({
      kind: 'bulk',
      label: 'Bulk change: Status → Cancelled, Scheduled By → Maria (3 leads)',
      leadCount: 3,
      undoneAt: null,
    });
    expect(result.leads).toEqual(seeded.map(({ id }) => ({ id, version: 2 })));
    expect(await dataVersion()).toBe(before + 1);
    expect((await leadsNow()).map((lead) => lead.status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    const rows = await historyRows();
    expect(rows).toHaveLength(5); // the third lead's status was Cancelled already
    expect(rows.every((row) => row.actionId === result.action.id)).toBe(true);
    expect(rows).toContainEqual(
      expect.objectContaining({
        leadId: seeded[0]!.id,
        field: 'status',
        oldValue: 'Scheduled',
        newValue: 'Cancelled',
      }),
    );
    const [entry] = await history(seeded[0]!.id);
    expect(entry!.action).toEqual({
      id: result.action.id,
      kind: 'bulk',
      label: result.action.label,
      undoneAt: null,
    });
    expect(entry!.by).toMatchObject({ kind: 'user', name: 'Manager Person' });
  });

  it('writes nothing when any lead is stale or gone, and names those leads', async () => {
    const seeded = await seed(4);
    const [fresh, stale, gone, alsoFresh] = seeded as [Versioned, Versioned, Versioned, Versioned];
    await t.db.batch([
      sql`UPDATE leads SET version = version + 1 WHERE id = ${stale.id}`,
      sql`UPDATE leads SET deleted_at = '2025-02-01T00:00:00.000Z' WHERE id = ${gone.id}`,
    ]);
    const before = { leads: await leadsNow(), version: await dataVersion() };
    const request = [fresh, stale, gone, alsoFresh, { id: 999_999, version: 1 }];
    for (const payload of [
      { leads: request, change: { status: 'Cancelled' } },
      { leads: request, delete: true },
    ]) {
      const answer = await bulk(payload);
      expect(answer.statusCode).toBe(412);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(answer.json()).toMatchObject({
        detail:
          '3 leads changed or were deleted since you loaded them, so nothing was changed. Reload the leads and try again.',
        leads: [
          { id: stale.id, version: 2 },
          { id: gone.id, version: null },
          { id: 999_999, version: null },
        ],
      });
    }
    expect(await leadsNow()).toEqual(before.leads);
    expect(await dataVersion()).toBe(before.version);
    expect(await historyRows()).toEqual([]);
    expect(await actionCount()).toBe(0);
  });

  it('changes 10,000 leads in one request', async () => {
    const seeded = await seed(10_000);
    const answer = await bulk({ leads: seeded, change: { auditor: 'Dana Brooks' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().action.label).toBe('Bulk change: Auditor → Dana Brooks (10,000 leads)');
    expect(answer.json().leads).toHaveLength(10_000);
    const [counts] = await t.db.all<{ changed: number; entries: number }>(
      sql`SELECT (SELECT count(*) FROM leads WHERE auditor = 'Dana Brooks' AND version = 2) AS changed,
        (SELECT count(*) FROM lead_history WHERE action_id IS NOT NULL) AS entries`,
    );
    expect(counts).toEqual({ changed: 10_000, entries: 10_000 });
  }, 60_000);

  it('validates the fields as a single edit does, and the request itself', async () => {
    const [one] = await seed(1);
    const leads = [one!];
    const refused = [
      { leads, change: { status: 'x'.repeat(41) } },
      { leads, change: { comments: 'not a bulk field' } },
      { leads, change: {} },
      { leads },
      { leads, change: { status: 'New' }, delete: true },
      { leads: [], delete: true },
      { leads: [one, one], delete: true },
      { leads: Array.from({ length: 10_001 }, (_, index) => ({ id: index + 1, version: 1 })), delete: true },
    ];
    for (const payload of refused) expect((await bulk(payload)).statusCode).toBe(400);
    const single = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${one!.id}`,
      headers: bearer(tokens.Manager!),
      payload: { status: 'x'.repeat(41) },
    });
    expect((await bulk({ leads, change: { status: 'x'.repeat(41) } })).json().detail).toBe(
      single.json().detail,
    );
    // the same trimming as a single edit
    expect((await bulk({ leads, change: { status: '  Completed ' } })).statusCode).toBe(200);
    expect((await leadsNow())[0]!.status).toBe('Completed');
  });

  it('lets only an Admin or a Manager act or undo', async () => {
    const seeded = await seed(2);
    expect((await bulk({ leads: seeded, delete: true }, tokens.User!)).statusCode).toBe(403);
    expect(await actionCount()).toBe(0);
    const done = await bulk({ leads: seeded, delete: true }, tokens.Admin!);
    expect(done.statusCode).toBe(200);
    expect((await undo(done.json().action.id, tokens.User!)).statusCode).toBe(403);
    expect((await leadsNow()).every((lead) => lead.deleted)).toBe(true);
  });

  // issue 35, item 10: decided — a Manager may undo an Admin's import or bulk change (nothing a
  // Manager could not do by hand, done exactly); the action's maker is told, in the bell
  it('lets a Manager undo an Admin’s bulk change and import, and tells the Admin', async () => {
    const bell = async (token: string) =>
      (await t.app.inject({ url: '/api/notifications', headers: bearer(token) }))
        .json<NotificationsPage>()
        .items.filter((item) => item.kind === 'lead-action-undone');
    const seeded = await seed(2);
    const change = await bulk({ leads: seeded, change: { status: 'Cancelled' } }, tokens.Admin!);
    const file = await importRequest('/api/leads/import', {
      name: 'new.csv',
      content: csvOf([['Customer Name'], ['Ada Imported'], ['Bo Imported']]),
    });
    const imported = await t.app.inject({ ...file, headers: { ...file.headers, ...bearer(tokens.Admin!) } });
    expect(imported.json()).toMatchObject({ created: 2 });

    expect((await undo(change.json().action.id)).statusCode).toBe(200);
    expect((await undo(imported.json().actionId)).statusCode).toBe(200);
    expect((await leadsNow()).map((lead) => [lead.status, lead.deleted])).toEqual([
      ['Scheduled', 0],
      ['Scheduled', 0],
      ['New', 1],
      ['New', 1],
    ]);
    expect(await bell(tokens.Admin!)).toEqual([
      expect.objectContaining({
        title: 'Manager Person undid one of your changes',
        message: 'Undo of “import new.csv”: its 2 leads are as they were before it.',
      }),
      expect.objectContaining({
        title: 'Manager Person undid one of your changes',
        message:
          'Undo of “Bulk change: Status → Cancelled (2 leads)”: its 2 leads are as they were before it.',
      }),
    ]);
    expect(await bell(tokens.Manager!)).toEqual([]);

    // undoing one's own action tells nobody
    const live = await t.db.all<Versioned>(sql`SELECT id, version FROM leads WHERE deleted_at IS NULL`);
    const own = await bulk({ leads: live, change: { status: 'Completed' } });
    expect((await undo(own.json().action.id)).statusCode).toBe(200);
    expect(await bell(tokens.Manager!)).toEqual([]);
    expect(await bell(tokens.Admin!)).toHaveLength(2);
  });

  it('undoes a change: the previous values back, as history of an undo action; an action is undone once', async () => {
    const seeded = await seed(3);
    await t.db.batch([sql`UPDATE leads SET status = 'New' WHERE id = ${seeded[0]!.id}`]);
    const done: LeadActionResult = (await bulk({ leads: seeded, change: { status: 'Cancelled' } })).json();
    const before = await dataVersion();
    const answer = await undo(done.action.id, tokens.Admin!);
    expect(answer.statusCode).toBe(200);
    const undone: LeadActionResult = answer.json();
    expect(undone.action).toMatchObject({
      kind: 'undo',
      label: 'Undo of “Bulk change: Status → Cancelled (3 leads)”',
    });
    expect(undone.leads).toEqual(seeded.map(({ id }) => ({ id, version: 3 })));
    expect((await leadsNow()).map((lead) => lead.status)).toEqual(['New', 'Scheduled', 'Scheduled']);
    expect(await dataVersion()).toBe(before + 1);
    const [latest, previous] = await history(seeded[0]!.id);
    expect(latest).toMatchObject({
      field: 'status',
      oldValue: 'Cancelled',
      newValue: 'New',
      action: { kind: 'undo' },
    });
    expect(previous!.action).toMatchObject({ id: done.action.id, undoneAt: expect.any(String) });

    const again = await undo(done.action.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This action was undone already.');
    expect((await undo(undone.action.id)).statusCode).toBe(409);
    expect((await undo(987_654)).statusCode).toBe(404);
  });

  it('refuses to undo when a lead changed since the action, naming it, and changes nothing', async () => {
    const seeded = await seed(3);
    const done: LeadActionResult = (await bulk({ leads: seeded, change: { status: 'Cancelled' } })).json();
    const later = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${seeded[1]!.id}`,
      headers: { ...bearer(tokens.Admin!), 'if-match': '"2"' },
      payload: { comments: 'Called back' },
    });
    expect(later.statusCode).toBe(200);
    const before = { leads: await leadsNow(), history: await historyRows(), version: await dataVersion() };
    const refused = await undo(done.action.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail:
        '1 lead changed since this action, so nothing was undone. Change them back by hand if you still need to.',
      leads: [{ id: seeded[1]!.id, version: 3 }],
    });
    expect(await leadsNow()).toEqual(before.leads);
    expect(await historyRows()).toEqual(before.history);
    expect(await dataVersion()).toBe(before.version);
    expect(await actionCount()).toBe(1);
  });

  it('undoes a delete by restoring the leads', async () => {
    const seeded = await seed(2);
    const done: LeadActionResult = (await bulk({ leads: seeded, delete: true })).json();
    expect(done.action.label).toBe('Bulk delete (2 leads)');
    expect((await leadsNow()).every((lead) => lead.deleted)).toBe(true);
    expect((await undo(done.action.id)).statusCode).toBe(200);
    expect((await leadsNow()).map((lead) => [lead.deleted, lead.version])).toEqual([
      [0, 3],
      [0, 3],
    ]);
    expect((await history(seeded[0]!.id)).map((entry) => entry.kind)).toEqual(['restored', 'deleted']);
  });

  it('refuses the whole batch when a lead changes between the check and the write', async () => {
    const seeded = await seed(3);
    // a database whose first batch finds one lead edited by someone else just before it
    const racing: Database = Object.create(t.db, {
      batch: {
        value: async (statements: Parameters<Database['batch']>[0]) => {
          racing.batch = t.db.batch.bind(t.db);
          await t.db.batch([sql`UPDATE leads SET version = version + 1 WHERE id = ${seeded[1]!.id}`]);
          return t.db.batch(statements);
        },
        writable: true,
      },
    });
    const outcome = await createLeadActions(racing).bulk.apply(
      { leads: seeded, change: { status: 'Cancelled' } },
      1,
    );
    expect(outcome).toEqual({ kind: 'changed', leads: [{ id: seeded[1]!.id, version: 2 }] });
    expect((await leadsNow()).map((lead) => lead.status)).toEqual(['Scheduled', 'Scheduled', 'Scheduled']);
    expect(await historyRows()).toEqual([]);
    expect(await actionCount()).toBe(0);
  });

  it('computes the week of the month in SQL as weekOfMonth does (an undone date gets its week back)', async () => {
    const days = Array.from({ length: 120 }, (_, index) =>
      new Date(Date.UTC(2025, 0, 1 + index * 3, 15)).toISOString(),
    );
    for (const day of days) {
      const [row] = await t.db.all<{ week: number }>(sql`SELECT ${weekOfMonthSql(sql`${day}`)} AS week`);
      expect([day, row!.week]).toEqual([day, weekOfMonth(new Date(day))]);
    }
  });

  it('changes calendar leads as office values the next sync keeps, and its undo gives them back to the calendar', async () => {
    await syncLeads(
      t,
      [lead({ leadId: 'cal-a' }), lead({ leadId: 'cal-b' })],
      MARCH_2025,
      '2025-02-01T00:00:00.000Z',
    );
    const leads = await t.db.all<Versioned>(sql`SELECT id, version FROM leads ORDER BY id`);
    const done = await bulk({ leads, change: { status: 'On hold' } });
    expect(done.statusCode).toBe(200);
    const calendarChanged = [
      lead({ leadId: 'cal-a', comments: 'from the calendar' }),
      lead({ leadId: 'cal-b' }),
    ];
    await syncLeads(t, calendarChanged, MARCH_2025, '2025-02-02T00:00:00.000Z');
    expect((await leadsNow()).map((row) => row.status)).toEqual(['On hold', 'On hold']);
    expect((await t.leads.review.detail(leads[0]!.id))!.officeValues).toEqual([
      expect.objectContaining({ field: 'status', officeValue: 'On hold', calendarValue: 'Scheduled' }),
    ]);

    // the sync wrote cal-a since: its undo is refused; a bulk change of cal-b alone undoes cleanly
    expect((await undo(done.json<LeadActionResult>().action.id)).statusCode).toBe(409);
    const [, b] = await t.db.all<Versioned>(sql`SELECT id, version FROM leads ORDER BY id`);
    const second = await bulk({ leads: [b], change: { status: 'Cancelled' } });
    expect((await undo(second.json<LeadActionResult>().action.id)).statusCode).toBe(200);
    expect((await t.leads.review.detail(b!.id))!.officeValues).toEqual([
      expect.objectContaining({ field: 'status', officeValue: 'On hold' }),
    ]);
  });
});
