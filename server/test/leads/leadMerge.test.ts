import type { LeadDetail, LeadHistoryEntry, LeadMergeResult, LeadResource } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { icsCalendar } from '../../testkit/builders/icsBuilder';
import { ENGINES } from '../../testkit/engines';
import { signInEveryRole } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
type Event = Parameters<typeof icsCalendar>[0][number];
const ANN: Event = {
  uid: 'ann@test',
  start: '20250304T140000Z',
  summary: 'Ann Lee',
  description: 'Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-0142',
};
const ANN_AGAIN: Event = {
  uid: 'ann-again@test',
  start: '20250311T150000Z',
  summary: 'Ann Lee',
  description: 'Auditor: Alex Chen\nHouse Type: 2 Family\nPhone: 617.555.0142\nEmail: ann@example.com',
};

// Issue 37, "Beyond the anchors": two leads of one household merged into one, through the API,
// undone exactly, and a sync after each that neither brings the gone lead back nor loses the visit.
describe.each(ENGINES)('merging two leads on %s', (engine) => {
  let t: TestApp;
  let folder: string;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-'));
    t = await createTestApp({ CALENDAR_ICS: path.join(folder, 'calendar.ics') }, { engine });
    tokens = await signInEveryRole(t);
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const calendar = (...events: Event[]) =>
    fs.writeFileSync(path.join(folder, 'calendar.ics'), icsCalendar(events));
  const sync = async () => {
    expect(await t.services.sync.execute(MARCH, 'cli', null)).toMatchObject({ success: true });
  };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = tokens.Manager!) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const idOf = async (leadId: string) =>
    (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`))[0]!.id;
  const detail = async (id: number): Promise<LeadDetail> => (await call('GET', `/api/leads/${id}`)).json();
  const history = async (id: number): Promise<LeadHistoryEntry[]> =>
    (await call('GET', `/api/leads/${id}/history`, undefined, tokens.User!)).json().items;
  /** Everything of the leads and their office values but the bookkeeping a write moves on. */
  const snapshot = async () => ({
    leads: await t.db.all(sql`SELECT * FROM leads ORDER BY id`.append(sql``)).then((rows) =>
      (rows as Record<string, unknown>[]).map(({ version, updated_at, ...rest }) => {
        void version;
        void updated_at;
        return rest;
      }),
    ),
    office: await t.db.all(
      sql`SELECT lead_id, field, office_value, calendar_value, conflict FROM lead_office_values ORDER BY lead_id, field`,
    ),
  });
  const liveLeadIds = async () =>
    (
      await t.db.all<{ leadId: string }>(
        sql`SELECT lead_id AS leadId FROM leads WHERE deleted_at IS NULL ORDER BY lead_id`,
      )
    ).map((row) => row.leadId);

  /** Ann's two calendar leads, the second with an office value of its status (Completed). */
  async function twoCalendarLeads() {
    calendar(ANN, ANN_AGAIN);
    await sync();
    const [first, second] = [await idOf(ANN.uid), await idOf(ANN_AGAIN.uid)];
    expect((await call('PATCH', `/api/leads/${second}`, { status: 'Completed' })).statusCode).toBe(200);
    return [await detail(first), await detail(second)] as const;
  }
  const merge = (payload: object, token?: string) => call('POST', '/api/leads/merge', payload, token);

  it('keeps the first calendar lead, takes the chosen and preselected values, joins the histories', async () => {
    const [ann, again] = await twoCalendarLeads();
    const answer = await merge({
      leads: [
        { id: ann.id, version: ann.version },
        { id: again.id, version: again.version },
      ],
      values: { auditor: 'Sam Rivera' },
    });
    expect(answer.statusCode).toBe(200);
    const result: LeadMergeResult = answer.json();
    expect(result.action).toMatchObject({
      kind: 'merge',
      label: 'Merge of “Ann Lee” into “Ann Lee”',
      leadCount: 2,
    });
    expect(result.goneId).toBe(again.id);
    expect(result.lead).toMatchObject({
      id: ann.id,
      leadId: ANN.uid,
      auditor: 'Sam Rivera', // chosen
      status: 'Completed', // the office's value over the calendar's
      email: 'ann@example.com', // the only non-empty one
      scheduledDate: '2025-03-11T15:00:00.000Z', // the lead changed last
      week: 3, // follows the date
    });
    // on a calendar lead the merged values are office values, which syncs leave alone
    expect((await detail(ann.id)).officeValues.map((value) => value.field).sort()).toEqual(
      ['email', 'phoneNumber', 'scheduledDate', 'status'].sort(),
    );
    expect(await liveLeadIds()).toEqual([ANN.uid]);
    // a link to the gone lead opens the merged one
    expect((await detail(again.id)).id).toBe(ann.id);
    // the list names the gone lead's Lead ID on the merged one: a view or a filter naming it
    // (Lead ID is `ANN_AGAIN.uid`) finds the merged lead on the leads screen
    const listed: LeadResource[] = (await call('GET', '/api/leads', undefined, tokens.User!)).json();
    expect(listed.map(({ leadId, mergedLeadIds }) => [leadId, mergedLeadIds])).toEqual([
      [ANN.uid, [ANN_AGAIN.uid]],
    ]);
    const entries = await history(ann.id);
    expect(entries[0]).toMatchObject({
      leadId: ann.id,
      kind: 'merged',
      oldValue: 'Ann Lee',
      newValue: ANN_AGAIN.uid,
      action: { id: result.action.id, kind: 'merge' },
    });
    // the gone lead's own history is there, named by its lead
    expect(entries.filter((entry) => entry.leadId === again.id).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['deleted', 'changed', 'created']),
    );
    // the run that created the gone lead now names the merged one
    const [run] = await t.db.all<{ id: number }>(sql`SELECT min(id) AS id FROM sync_runs`);
    expect((await call('GET', `/api/leads/changed-by-run/${run!.id}`)).json().leadIds).toEqual([ann.id]);
  });

  it('a sync after it: the gone event does not come back; alone, it updates the merged lead', async () => {
    const [ann, again] = await twoCalendarLeads();
    expect(
      (
        await merge({
          leads: [
            { id: ann.id, version: ann.version },
            { id: again.id, version: again.version },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await sync(); // both events still in the calendar
    expect(await liveLeadIds()).toEqual([ANN.uid]);
    // the merged lead's own event gone, the other one moved: the visit is the merged lead's
    calendar({
      ...ANN_AGAIN,
      start: '20250318T160000Z',
      description: `${ANN_AGAIN.description}\nProvider: Eversource`,
    });
    await sync();
    expect(await liveLeadIds()).toEqual([ANN.uid]);
    const merged = await detail(ann.id);
    expect(merged).toMatchObject({ provider: 'EverSource', needsReview: true });
    expect(merged.officeValues.find((value) => value.field === 'scheduledDate')).toMatchObject({
      calendarValue: '2025-03-18T16:00:00.000Z',
      conflict: true,
    });
  });

  it('one undo restores both leads exactly; the next sync updates each from its own event', async () => {
    const [ann, again] = await twoCalendarLeads();
    const before = await snapshot();
    const result: LeadMergeResult = (
      await merge({
        leads: [
          { id: ann.id, version: ann.version },
          { id: again.id, version: again.version },
        ],
        values: { customerName: 'Ann B. Lee', comments: 'gate code 12' },
      })
    ).json();
    const undone = await call('POST', `/api/lead-actions/${result.action.id}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect((await detail(again.id)).id).toBe(again.id);
    const listed: LeadResource[] = (await call('GET', '/api/leads')).json();
    expect(listed.every((lead) => lead.mergedLeadIds === undefined)).toBe(true);
    expect((await history(ann.id)).some((entry) => entry.leadId === again.id)).toBe(false);
    calendar(ANN, { ...ANN_AGAIN, summary: 'Ann Lee-Moss' });
    await sync();
    expect(await liveLeadIds()).toEqual([ANN_AGAIN.uid, ANN.uid].sort());
    expect((await detail(again.id)).customerName).toBe('Ann Lee-Moss');
  });

  it('a manual lead merges into the calendar lead, whichever is named first', async () => {
    calendar(ANN);
    await sync();
    const manual = (
      await call('POST', '/api/leads', { customerName: 'Ann Lee', comments: 'call first' })
    ).json();
    const calendarLead = await detail(await idOf(ANN.uid));
    const result: LeadMergeResult = (
      await merge({
        leads: [
          { id: manual.id, version: manual.version },
          { id: calendarLead.id, version: calendarLead.version },
        ],
      })
    ).json();
    expect(result.lead).toMatchObject({ id: calendarLead.id, leadId: ANN.uid, comments: 'call first' });
    expect(result.goneId).toBe(manual.id);
  });

  it('writes nothing when either lead changed or is gone (412 naming it), and refuses a User', async () => {
    const [ann, again] = await twoCalendarLeads();
    const before = await snapshot();
    const stale = await merge({
      leads: [
        { id: ann.id, version: ann.version },
        { id: again.id, version: again.version - 1 },
      ],
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ leads: [{ id: again.id, version: again.version }] });
    const gone = await merge({
      leads: [
        { id: ann.id, version: ann.version },
        { id: 999_999, version: 1 },
      ],
    });
    expect(gone.statusCode).toBe(412);
    expect(gone.json()).toMatchObject({ leads: [{ id: 999_999, version: null }] });
    const same = await merge({
      leads: [
        { id: ann.id, version: ann.version },
        { id: ann.id, version: ann.version },
      ],
    });
    expect(same.statusCode).toBe(400);
    const pair = [
      { id: ann.id, version: ann.version },
      { id: again.id, version: again.version },
    ];
    expect((await merge({ leads: pair }, tokens.User!)).statusCode).toBe(403);
    expect((await merge({ leads: pair, values: { customerName: 'Ann\u0000' } })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_actions`))[0]!.n).toBe(0);
  });

  if (engine === 'd1')
    it('is safe to send again: D1 ran it, the answer was lost, the resend answers as the first would', async () => {
      const [ann, again] = await twoCalendarLeads();
      t.d1!.fail({
        when: (call) => call.sql[0]?.startsWith('INSERT INTO lead_actions') ?? false,
        status: 500,
        times: 1,
        lostAnswer: true,
      });
      const answer = await merge({
        leads: [
          { id: ann.id, version: ann.version },
          { id: again.id, version: again.version },
        ],
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ goneId: again.id, lead: { id: ann.id } });
      expect((await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_actions`))[0]!.n).toBe(1);
      expect(
        (await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lead_history WHERE kind = 'merged'`))[0]!
          .n,
      ).toBe(1);
    });
});
