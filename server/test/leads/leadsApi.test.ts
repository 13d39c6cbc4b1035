import { blankLeadFields } from '@auditdesk/shared/core';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  /** What a sync of March writes: one formatted lead and one the calendar did not format. */
  const CALENDAR = [
    lead(),
    lead({
      leadId: 'unformatted',
      isFormatted: false,
      auditor: '',
      customerName: 'Call Bob',
      scheduledDate: '2025-03-10T14:00:00.000Z',
      week: 3,
    }),
  ];

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

  describe('leads API', () => {
    let t: TestApp;
    let admin: string;
    let user: string;
    beforeEach(async () => {
      t = await createTestApp({}, { engine });
      admin = (await t.login()).access_token;
      await t.users.create({
        email: 'u@example.com',
        fullName: 'U',
        role: 'User',
        passwordHash: await t.passwords.hash('users-password-1'),
      });
      user = (await t.login('u@example.com', 'users-password-1')).access_token;
      await syncCalendar('2025-02-01T00:00:00.000Z');
    });
    afterEach(() => t.close());

    const syncCalendar = (syncedAt: string) => syncLeads(t, CALENDAR, MARCH_2025, syncedAt);
    const call = (
      method: Method,
      url: string,
      payload?: object,
      token = admin,
      headers: Record<string, string> = {},
    ) => t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });
    const createWalkIn = async () =>
      (
        await call('POST', '/api/leads', {
          customerName: 'Walk-in',
          email: 'walk@example.com',
          phoneNumber: '555-0100',
          auditor: 'Alex Chen',
          houseType: 'Single Family',
          status: 'Scheduled',
          scheduledDate: '2025-03-15T15:00:00Z',
          linkId: 'https://calendar.example.com/e/1',
        })
      ).json();

    it('lists formatted leads by default and all with excludeCalendarNotFormatted=false', async () => {
      const formatted = (await call('GET', '/api/leads')).json();
      expect(formatted.map((item: { leadId: string }) => item.leadId)).toEqual(['lead-1']);
      expect(formatted[0]).toEqual({
        // a field the builder does not fill in is empty
        ...blankLeadFields(),
        id: expect.any(Number),
        leadId: 'lead-1',
        source: 'calendar',
        isFormatted: true,
        customerName: 'Jane Doe',
        address: '',
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
        endDate: null,
        week: 2,
        linkId: '',
        comments: '',
        lastSyncedAt: '2025-02-01T00:00:00.000Z',
        createdAt: '2025-02-01T00:00:00.000Z',
        updatedAt: '2025-02-01T00:00:00.000Z',
        needsReview: false,
        version: 1,
      });
      expect((await call('GET', '/api/leads?excludeCalendarNotFormatted=false')).json()).toHaveLength(2);
      expect(
        (await call('GET', '/api/leads/calendar-not-formatted'))
          .json()
          .map((item: { leadId: string }) => item.leadId),
      ).toEqual(['unformatted']);
      expect((await call('GET', '/api/leads?excludeCalendarNotFormatted=maybe')).statusCode).toBe(400);
    });

    it('creates a manual lead, patches it, and soft-deletes it', async () => {
      const created = await call('POST', '/api/leads', {
        customerName: 'Walk-in',
        status: 'Scheduled',
        scheduledDate: '2025-03-15T15:00:00Z',
        auditor: 'Alex Chen',
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers.etag).toBe('"1"');
      const id = created.json().id;
      expect(created.json()).toMatchObject({
        source: 'manual',
        week: 3,
        leadId: expect.stringMatching(/^manual-/),
      });

      const edited = await call('PATCH', `/api/leads/${id}`, { status: 'Completed', comments: 'done' });
      expect(edited.json()).toMatchObject({
        status: 'Completed',
        comments: 'done',
        customerName: 'Walk-in',
        version: 2,
      });
      expect(edited.headers.etag).toBe('"2"');
      expect((await call('GET', `/api/leads/${id}`)).json().status).toBe('Completed');

      expect((await call('DELETE', `/api/leads/${id}`)).statusCode).toBe(204);
      expect((await call('GET', `/api/leads/${id}`)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/leads/${id}`)).statusCode).toBe(404);
    });

    it('changes only the fields a PATCH names: nothing else is blanked or reset', async () => {
      const before = await createWalkIn();
      const patched = (
        await call('PATCH', `/api/leads/${before.id}`, { comments: 'only this changed' })
      ).json();
      expect(patched).toEqual({
        ...before,
        comments: 'only this changed',
        version: before.version + 1,
        updatedAt: expect.any(String),
      });
    });

    it('keeps all of ten concurrent one-field edits of different fields', async () => {
      const { id } = await createWalkIn();
      const edits = {
        customerName: 'Renamed',
        email: 'new@example.com',
        phoneNumber: '555-0199',
        auditor: 'Sam Rivera',
        houseType: '3 Family',
        heatingFuel: 'Oil',
        provider: 'EverSource',
        referredBy: 'Tom',
        scheduledBy: 'Ann',
        comments: 'ten at once',
      };
      const responses = await Promise.all(
        Object.entries(edits).map(([field, value]) => call('PATCH', `/api/leads/${id}`, { [field]: value })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      expect((await call('GET', `/api/leads/${id}`)).json()).toMatchObject({ ...edits, version: 11 });
    });

    it('refuses an edit made on a stale copy with 412 and the current lead; nothing is overwritten', async () => {
      const { id } = await createWalkIn();
      const read = await call('GET', `/api/leads/${id}`);
      const etag = read.headers.etag as string;
      expect(etag).toBe('"1"');

      const first = await call('PATCH', `/api/leads/${id}`, { comments: 'mine' }, admin, {
        'if-match': etag,
      });
      expect(first.statusCode).toBe(200);
      const second = await call('PATCH', `/api/leads/${id}`, { comments: 'theirs' }, admin, {
        'if-match': etag,
      });
      expect(second.statusCode).toBe(412);
      expect(second.json()).toMatchObject({
        status: 412,
        detail: 'Someone changed this lead since you opened it. Review their changes and try again.',
        current: { id, comments: 'mine', version: 2 },
      });
      expect(
        (await call('DELETE', `/api/leads/${id}`, undefined, admin, { 'if-match': etag })).statusCode,
      ).toBe(412);
      expect((await call('GET', `/api/leads/${id}`)).json().comments).toBe('mine');
      expect(
        (await call('PATCH', `/api/leads/${id}`, { comments: 'x' }, admin, { 'if-match': 'garbage' }))
          .statusCode,
      ).toBe(412);
    });

    it('replaces a lead with PUT only when every editable field is given', async () => {
      const { id } = await createWalkIn();
      const partial = await call('PUT', `/api/leads/${id}`, { comments: 'only this' });
      expect(partial.statusCode).toBe(400);
      expect(Object.keys(partial.json().errors)).toEqual(
        expect.arrayContaining(['body.customerName', 'body.email']),
      );
      expect((await call('GET', `/api/leads/${id}`)).json().email).toBe('walk@example.com');
    });

    it('keeps a hand edit of a calendar lead through the next sync of its range', async () => {
      const id = (await call('GET', '/api/leads')).json()[0].id;
      await call('PATCH', `/api/leads/${id}`, { customerName: 'Edited by hand' });
      await syncCalendar('2025-02-02T00:00:00.000Z');
      expect((await call('GET', `/api/leads/${id}`)).json().customerName).toBe('Edited by hand');
    });

    it.each([
      [{}, 'body.customerName'],
      [{ customerName: 'x', status: 'y'.repeat(41) }, 'body.status'],
      [{ customerName: 'x', scheduledDate: '03/04/2025' }, 'body.scheduledDate'],
      [{ customerName: 'x', email: 'nope' }, 'body.email'],
      [{ customerName: 'x', comments: 'c'.repeat(4001) }, 'body.comments'],
      [{ customerName: 'x', linkId: 'javascript:alert(1)' }, 'body.linkId'],
      [{ customerName: 'x', linkId: 'data:text/html,hi' }, 'body.linkId'],
      [{ customerName: 'x', surprise: true }, 'body'],
    ])('refuses %p naming the field', async (payload, field) => {
      const response = await call('POST', '/api/leads', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await call('GET', '/api/leads/99999')).statusCode).toBe(404);
      expect((await call('PATCH', '/api/leads/99999', { status: 'New' })).statusCode).toBe(404);
    });

    it.each(['0x10', '+1', '01', '%201', '1.0', '1e0', '-1', '0', 'abc', '99999999999999999999'])(
      'never reads another lead through the loose id %s',
      async (id) => {
        const { id: real } = await createWalkIn();
        expect(real).toBeLessThan(20);
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const response = await call(
            method,
            `/api/leads/${id}`,
            method === 'PATCH' ? { comments: 'x' } : undefined,
          );
          expect(response.statusCode).toBe(400);
        }
        expect((await call('GET', `/api/leads/${real}`)).json().comments).toBe('');
      },
    );

    it('refuses changes from a User with 403', async () => {
      expect((await call('POST', '/api/leads', { customerName: 'x' }, user)).statusCode).toBe(403);
      expect((await call('GET', '/api/leads', undefined, user)).statusCode).toBe(200);
    });

    it('summarises by status, auditor and month', async () => {
      expect((await call('GET', '/api/leads/summary')).json()).toEqual({
        total: 2,
        scheduled: 2,
        byStatus: { Scheduled: 2 },
        byAuditor: { 'Sam Rivera': 1, Unknown: 1 },
        byMonth: { '2025-03': 2 },
      });
    });

    it('tells every signed-in person the business time zone the screens show times in, and that an ICS calendar is read-only', async () => {
      expect((await call('GET', '/api/business')).json()).toEqual({
        timeZone: 'America/New_York',
        writeBack: 'read-only source',
      });
    });

    it('gives the dashboard stats with the conversion rate and top sources', async () => {
      await call('POST', '/api/leads', { customerName: 'No date yet' });
      const stats = (await call('GET', '/api/dashboard/stats')).json();
      expect(stats).toMatchObject({
        totalLeads: 3,
        scheduledLeads: 2,
        conversionRate: 66.7, // one rate rule: percent with one decimal
        totalSyncs: 1, // the run that wrote the calendar's leads
        successfulSyncs: 1,
        lastSyncTime: expect.any(String),
        topSources: [
          { source: 'calendar', count: 2 },
          { source: 'manual', count: 1 },
        ],
      });
      expect(stats.recentLeads).toHaveLength(3);
    });

    it('compresses the list and answers 304 to a copy that is still current', async () => {
      const many = Array.from({ length: 50 }, (_, index) => lead({ leadId: `m${index}` }));
      await syncLeads(t, many, MARCH_2025, '2025-02-03T00:00:00.000Z');
      const response = await t.app.inject({
        url: '/api/leads',
        headers: { ...bearer(admin), 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      const etag = response.headers.etag as string;
      const again = await call('GET', '/api/leads', undefined, admin, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      await createWalkIn(); // a change: the old copy is stale
      const after = await call('GET', '/api/leads', undefined, admin, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.json()).toHaveLength(51); // the 50 replaced lead-1 in March, plus the walk-in
    });
  });
});
