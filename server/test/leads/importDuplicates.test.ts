import type { ImportPreview, ImportResult, LeadResource } from '@auditdesk/shared/core';
import { ENGINES } from '../../testkit/engines';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { csvOf, importRequest } from '../../testkit/clients/importForm';

// Rows that look like existing leads (issue 37 item 6): matched by the duplicates' own keys,
// updated or made new as the person chooses; the same file recognised; the import undone.
describe.each(ENGINES)('an import and the leads it looks like, on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let rosa: LeadResource;
  let sam: LeadResource;

  beforeEach(async () => {
    t = await createTestApp({}, { engine });
    token = (await t.login()).access_token;
    rosa = await create({
      customerName: 'Rosa Diaz',
      phoneNumber: '617.555.3363',
      email: 'rosa@example.com',
      address: '12 Oak St.',
      status: 'Scheduled',
    });
    sam = await create({ customerName: 'Sam Lee', phoneNumber: '+1 (617) 555-3322', status: 'Scheduled' });
  });
  afterEach(() => t.close());

  async function create(body: Record<string, string>): Promise<LeadResource> {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: body,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(201);
    return answer.json();
  }
  const send = async (
    url: '/api/leads/import' | '/api/leads/import/preview',
    content: string,
    extra: Record<string, string> = {},
  ) => {
    const request = await importRequest(url, { name: 'walk-ins.csv', content }, extra);
    return t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
  };
  const preview = async (content: string, extra: Record<string, string> = {}) => {
    const answer = await send('/api/leads/import/preview', content, extra);
    expect(answer.statusCode).toBe(200);
    return answer.json<ImportPreview>();
  };
  const byRow = (answer: ImportPreview) => Object.fromEntries(answer.rows.map((row) => [row.row, row]));

  const FILE = csvOf([
    ['Customer Name', 'Phone', 'E-mail', 'Address', 'Status'],
    ['Rosa Díaz', '(617) 555-3363', '', '', 'Completed'],
    ['Sam Lee', '617 555 3322', '', '', 'Scheduled'],
    ['Nia Park', '617-555-0000', '', '', 'New'],
    ['rosa diaz', '', 'ROSA@example.com', '12 oak st', 'Cancelled'],
  ]);

  it('marks rows that look like a lead by its phone, e-mail or name and address, and updates the likeliest by default', async () => {
    // Rosa's phone is another person's too, with a later visit: the lead of the row's name goes first
    const hannah = await create({
      customerName: 'Hannah Murphy',
      phoneNumber: '617-555-3363',
      scheduledDate: '2026-01-28T15:00:00.000Z',
    });
    const answer = await preview(FILE);
    expect(answer.totals).toEqual({ rows: 4, create: 2, update: 1, unchanged: 1, error: 0, duplicates: 3 });
    const rows = byRow(answer);
    // the same phone, whatever its punctuation or country code: Rosa's status changes; what the
    // row leaves empty, or writes another way (her name with an accent), stays hers
    expect(rows[2]).toMatchObject({
      outcome: 'update',
      leadId: rosa.leadId,
      fields: ['status'],
      duplicates: [
        { leadId: rosa.leadId, customerName: 'Rosa Diaz', reasons: ['phone'] },
        { leadId: hannah.leadId, customerName: 'Hannah Murphy', reasons: ['phone'] },
      ],
    });
    expect(rows[3]).toMatchObject({ outcome: 'unchanged', leadId: sam.leadId });
    expect(rows[4]).toMatchObject({ outcome: 'create', duplicates: [] });
    // Rosa again, by e-mail and by name and address: she is taken by row 2, so a new lead by default
    expect(rows[5]).toMatchObject({
      outcome: 'create',
      leadId: null,
      duplicates: [{ leadId: rosa.leadId, reasons: ['email', 'nameAndAddress'] }],
    });
    // the rows that look like leads are listed before the others
    expect(answer.rows.map((row) => row.row)).toEqual([2, 3, 5, 4]);
    expect(answer.alreadyImported).toBeNull();
  });

  it('takes the person’s choice: all new, or row by row a lead or a new one; a lead chosen twice is an error', async () => {
    const allNew = await preview(FILE, { duplicates: JSON.stringify({ all: 'new' }) });
    expect(allNew.totals).toMatchObject({ create: 4, update: 0, unchanged: 0, duplicates: 3 });

    const swapped = byRow(
      await preview(FILE, { duplicates: JSON.stringify({ rows: { '2': 'new', '5': rosa.leadId } }) }),
    );
    expect(swapped[2]).toMatchObject({ outcome: 'create', leadId: null });
    expect(swapped[5]).toMatchObject({ outcome: 'update', leadId: rosa.leadId, fields: ['status'] });

    const twice = byRow(await preview(FILE, { duplicates: JSON.stringify({ rows: { '5': rosa.leadId } }) }));
    expect(twice[5]).toMatchObject({ outcome: 'error' });
    expect(twice[5]!.reason).toMatch(/is also updated by row 2/);
    const stranger = byRow(
      await preview(FILE, { duplicates: JSON.stringify({ rows: { '4': sam.leadId } }) }),
    );
    expect(stranger[4]!.reason).toMatch(/no longer looks like it/);

    const wrong = await send('/api/leads/import/preview', FILE, { duplicates: '{"all":"maybe"}' });
    expect(wrong.statusCode).toBe(400);
  });

  it('imports as chosen, recognises the same file, shows exactly the imported leads, and undoes it all', async () => {
    const done = await send('/api/leads/import', FILE, {
      duplicates: JSON.stringify({ rows: { '5': 'new' } }),
    });
    expect(done.statusCode).toBe(200);
    const result = done.json<ImportResult>();
    expect(result).toMatchObject({ created: 2, updated: 1, unchanged: 1, skipped: 0 });
    expect(await t.leads.find(rosa.id)).toMatchObject({
      customerName: 'Rosa Diaz',
      phoneNumber: '617.555.3363',
      email: 'rosa@example.com',
      address: '12 Oak St.',
      status: 'Completed',
    });

    // the leads screen's filter: the created leads and the updated one, not the unchanged
    const imported = await t.app.inject({
      method: 'GET',
      url: `/api/leads/import/${result.actionId}/leads`,
      headers: bearer(token),
    });
    expect(imported.statusCode).toBe(200);
    const all = (await t.leads.list(true)) as LeadResource[];
    const made = all.filter((lead) => lead.source === 'manual' && ![rosa.id, sam.id].includes(lead.id));
    expect(imported.json()).toMatchObject({
      actionId: result.actionId,
      label: 'import walk-ins.csv',
      undoneAt: null,
      leadIds: [rosa.id, ...made.map((lead) => lead.id)].sort((a, b) => a - b),
    });
    expect(made.map((lead) => lead.customerName).sort()).toEqual(['Nia Park', 'rosa diaz']);

    // the same bytes again: said, and every row now matches a lead as it is
    const again = await preview(FILE);
    expect(again.alreadyImported).toMatchObject({
      actionId: result.actionId,
      label: 'import walk-ins.csv',
      by: expect.any(String),
      undoneAt: null,
    });
    expect(again.totals).toMatchObject({ create: 0, unchanged: 4 });

    // undone with the bulk actions' undo: Rosa as she was, the new leads gone
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/lead-actions/${result.actionId}/undo`,
      headers: bearer(token),
    });
    expect(undo.statusCode).toBe(200);
    expect(await t.leads.find(rosa.id)).toMatchObject({ customerName: 'Rosa Diaz', status: 'Scheduled' });
    const after = (await t.leads.list(true)) as LeadResource[];
    expect(after.map((lead) => lead.customerName).sort()).toEqual(['Rosa Diaz', 'Sam Lee']);
    expect((await preview(FILE)).alreadyImported).toMatchObject({ undoneAt: expect.any(String) });

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/leads/import/999/leads',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('goes by a Lead ID first: a row naming a lead updates it, whatever other lead it looks like', async () => {
    const answer = await preview(
      csvOf([
        ['Lead ID', 'Customer Name', 'Phone'],
        [rosa.leadId, 'Rosa Diaz', sam.phoneNumber],
      ]),
    );
    expect(byRow(answer)[2]).toMatchObject({
      outcome: 'update',
      leadId: rosa.leadId,
      fields: ['phoneNumber'],
      duplicates: [],
    });
    expect(answer.totals.duplicates).toBe(0);
  });
});
