import { hashPassword } from '../src/auth/passwords';
import { writeLeads } from '../src/sync/database/writeLeads';
import { lead, MARCH_2025 } from './support/leads';
import { bearer, createTestApp, type TestApp } from './testApp';

/** What a sync of March writes: one formatted lead and one the calendar did not format. */
const CALENDAR = [
  lead(),
  lead({
    leadId: 'unformatted',
    isFormatted: false,
    auditor: '',
    customerName: 'Call Bob',
    scheduledDate: '2025-03-10T14:00:00.000Z',
  }),
];

describe('leads API', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = (await t.login()).access_token;
    t.users.create({
      email: 'u@example.com',
      fullName: 'U',
      role: 'User',
      passwordHash: await hashPassword('users-password-1'),
    });
    user = (await t.login('u@example.com', 'users-password-1')).access_token;
    syncCalendar('t1');
  });
  afterEach(() => t.close());

  const syncCalendar = (syncedAt: string) => writeLeads(t.db, CALENDAR, MARCH_2025, syncedAt);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: bearer(token) });

  it('lists formatted leads by default and all with excludeCalendarNotFormatted=false', async () => {
    const formatted = (await call('GET', '/api/leads')).json();
    expect(formatted.map((item: { leadId: string }) => item.leadId)).toEqual(['lead-1']);
    expect(formatted[0]).toEqual({
      id: expect.any(Number),
      leadId: 'lead-1',
      source: 'calendar',
      isFormatted: true,
      customerName: 'Jane Doe',
      email: '',
      phoneNumber: '(617) 555-0142',
      auditor: 'Sam Rivera',
      houseType: '2 Family',
      heatingFuel: 'Gas',
      provider: 'National Grid',
      referredBy: '',
      scheduledBy: 'Maria',
      status: 'Scheduled',
      scheduledDate: '2025-03-04T14:00:00.000Z',
      weekView: 'Week 2',
      linkId: '',
      comments: '',
      lastSyncedAt: 't1',
      createdAt: 't1',
      updatedAt: 't1',
    });
    expect((await call('GET', '/api/leads?excludeCalendarNotFormatted=false')).json()).toHaveLength(2);
    expect(
      (await call('GET', '/api/leads/calendar-not-formatted'))
        .json()
        .map((item: { leadId: string }) => item.leadId),
    ).toEqual(['unformatted']);
    expect((await call('GET', '/api/leads?excludeCalendarNotFormatted=maybe')).statusCode).toBe(400);
  });

  it('creates a manual lead, edits it, and soft-deletes it', async () => {
    const created = await call('POST', '/api/leads', {
      customerName: 'Walk-in',
      status: 'Scheduled',
      scheduledDate: '2025-03-15T15:00:00Z',
      auditor: 'Alex Chen',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      source: 'manual',
      weekView: 'Week 3',
      leadId: expect.stringMatching(/^manual-/),
    });

    const edited = await call('PUT', `/api/leads/${id}`, { status: 'Completed', comments: 'done' });
    expect(edited.json()).toMatchObject({ status: 'Completed', comments: 'done', customerName: 'Walk-in' });
    expect((await call('GET', `/api/leads/${id}`)).json().status).toBe('Completed');

    expect((await call('DELETE', `/api/leads/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/leads/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/leads/${id}`)).statusCode).toBe(404);
  });

  it('lets the next sync of its range overwrite a hand edit of a calendar lead', async () => {
    const id = (await call('GET', '/api/leads')).json()[0].id;
    await call('PUT', `/api/leads/${id}`, { customerName: 'Edited by hand' });
    syncCalendar('t2');
    expect((await call('GET', `/api/leads/${id}`)).json().customerName).toBe('Jane Doe');
  });

  it.each([
    [{}, 'body.customerName'],
    [{ customerName: 'x', status: 'y'.repeat(41) }, 'body.status'],
    [{ customerName: 'x', scheduledDate: '03/04/2025' }, 'body.scheduledDate'],
    [{ customerName: 'x', email: 'nope' }, 'body.email'],
    [{ customerName: 'x', comments: 'c'.repeat(4001) }, 'body.comments'],
    [{ customerName: 'x', surprise: true }, 'body'],
  ])('refuses %p naming the field', async (payload, field) => {
    const response = await call('POST', '/api/leads', payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await call('GET', '/api/leads/99999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/leads/99999', { status: 'New' })).statusCode).toBe(404);
    expect((await call('GET', '/api/leads/abc')).statusCode).toBe(400);
  });

  it('refuses changes from a User with 403', async () => {
    expect((await call('POST', '/api/leads', { customerName: 'x' }, user)).statusCode).toBe(403);
    expect((await call('GET', '/api/leads', undefined, user)).statusCode).toBe(200);
  });

  it('summarises by status, auditor and month', async () => {
    expect((await call('GET', '/api/leads/summary')).json()).toEqual({
      total: 2,
      byStatus: { Scheduled: 2 },
      byAuditor: { 'Sam Rivera': 1, Unknown: 1 },
      byMonth: { '2025-03': 2 },
    });
  });

  it('gives the dashboard stats with the conversion rate and top sources', async () => {
    await call('POST', '/api/leads', { customerName: 'No date yet' });
    const stats = (await call('GET', '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({
      totalLeads: 3,
      scheduledLeads: 2,
      conversionRate: 66.67,
      totalSyncs: 0,
      successfulSyncs: 0,
      lastSyncTime: null,
      topSources: [
        { source: 'calendar', count: 2 },
        { source: 'manual', count: 1 },
      ],
    });
    expect(stats.recentLeads).toHaveLength(3);
  });

  it('compresses the list', async () => {
    const many = Array.from({ length: 50 }, (_, index) => lead({ leadId: `m${index}` }));
    writeLeads(t.db, many, MARCH_2025, 't3');
    const response = await t.app.inject({
      url: '/api/leads',
      headers: { ...bearer(admin), 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
