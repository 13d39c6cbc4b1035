import type { LeadHistoryEntry } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import { ENGINES } from '../../testkit/engines';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { signInEveryRole } from '../../testkit/roleSessions';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

// Issue 20, part 3: every change of a lead, field by field, in the same batch as the change.
describe.each(ENGINES)('lead history on %s', (engine) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    tokens = await signInEveryRole(t);
  });
  afterEach(() => t.close());

  const request = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(tokens.Manager!), ...headers },
      ...(payload ? { payload } : {}),
    });
  const history = async (id: number): Promise<LeadHistoryEntry[]> => {
    const response = await request('GET', `/api/leads/${id}/history`);
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };
  const kindsOf = async (id: number) =>
    (
      await t.db.all<{ kind: string }>(
        sql`SELECT kind FROM lead_history WHERE lead_id = ${id} ORDER BY id DESC`,
      )
    ).map((row) => row.kind);
  const readable = (entries: LeadHistoryEntry[]) =>
    entries.map((entry) => [
      entry.by.kind === 'user' ? entry.by.name : `sync #${entry.by.runId}`,
      entry.kind,
      entry.field,
      entry.oldValue,
      entry.newValue,
    ]);

  it('records who created and changed a lead, field by field, newest first; a refused edit records nothing', async () => {
    const created = await request('POST', '/api/leads', { customerName: 'Jane Doe', status: 'Scheduled' });
    const { id } = created.json();
    const edited = await request(
      'PATCH',
      `/api/leads/${id}`,
      { status: 'Cancelled', phoneNumber: '(617) 555-0142', comments: '' },
      { 'if-match': '"1"' },
    );
    expect(edited.statusCode).toBe(200);
    // a stale edit is refused whole: no history of it
    expect(
      (await request('PATCH', `/api/leads/${id}`, { status: 'New' }, { 'if-match': '"1"' })).statusCode,
    ).toBe(412);

    expect(readable(await history(id))).toEqual([
      ['Manager Person', 'changed', 'status', 'Scheduled', 'Cancelled'],
      ['Manager Person', 'changed', 'phoneNumber', '', '(617) 555-0142'],
      ['Manager Person', 'created', null, null, null],
    ]);
    // comments did not change ('' to ''): no entry for it

    expect((await request('DELETE', `/api/leads/${id}`)).statusCode).toBe(204);
    // the lead is gone from the API; its history is kept
    expect(await kindsOf(id)).toEqual(['deleted', 'changed', 'changed', 'created']);
  });

  it('records what each sync run changed, and nothing for a run that changes nothing', async () => {
    const range = MARCH_2025;
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1' }), lead({ leadId: 'cal-2', customerName: 'Tom Lee' })],
      range,
      '2025-02-01T00:00:00.000Z',
    );
    const idOf = async (leadId: string) =>
      (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`))[0]!.id;
    const id = await idOf('cal-1');
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', phoneNumber: '(617) 555-0199', auditor: 'Alex Chen' })],
      range,
      '2025-02-02T00:00:00.000Z',
    );
    await syncLeads(
      t,
      [lead({ leadId: 'cal-1', phoneNumber: '(617) 555-0199', auditor: 'Alex Chen' })],
      range,
      '2025-02-03T00:00:00.000Z',
    );

    const entries = await history(id);
    expect(readable(entries)).toEqual([
      ['sync #2', 'changed', 'phoneNumber', '(617) 555-0142', '(617) 555-0199'],
      ['sync #2', 'changed', 'auditor', 'Sam Rivera', 'Alex Chen'],
      ['sync #1', 'created', null, null, null],
    ]);
    // gone from the calendar inside the range: deleted by the run that saw it gone
    expect(await kindsOf(await idOf('cal-2'))).toEqual(['deleted', 'created']);
  });

  it('names the live leads each sync run created or changed', async () => {
    const range = MARCH_2025;
    await syncLeads(
      t,
      [lead({ leadId: 'a' }), lead({ leadId: 'b' }), lead({ leadId: 'c' })],
      range,
      '2025-02-01T00:00:00.000Z',
    );
    await syncLeads(
      t,
      [lead({ leadId: 'a', status: 'Completed' }), lead({ leadId: 'b' })], // c gone: deleted by run 2
      range,
      '2025-02-02T00:00:00.000Z',
    );
    const idOf = async (leadId: string) =>
      (await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`))[0]!.id;
    const changedBy = async (runId: number) =>
      (await request('GET', `/api/leads/changed-by-run/${runId}`)).json().leadIds;
    expect(await changedBy(1)).toEqual([await idOf('a'), await idOf('b')]);
    expect(await changedBy(2)).toEqual([await idOf('a')]);
    expect(await changedBy(99)).toEqual([]);
  });

  it('answers 404 for a lead that does not exist', async () => {
    expect((await request('GET', '/api/leads/999999/history')).statusCode).toBe(404);
  });
});
