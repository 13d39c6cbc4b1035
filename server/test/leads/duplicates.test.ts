import { leadCreate, type PossibleDuplicates } from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

type Fields = Partial<Record<'customerName' | 'address' | 'email' | 'phoneNumber' | 'scheduledDate', string>>;

describe.each(ENGINES)('possible duplicates on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp({}, { engine });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // each test starts without live leads or dismissals
    await t.db.batch([
      sql`DELETE FROM duplicate_dismissals`,
      sql`UPDATE leads SET deleted_at = '2025-01-01T00:00:00.000Z' WHERE deleted_at IS NULL`,
    ]);
    admin = (await t.login()).access_token;
    for (const role of ['User', 'Manager'] as const) {
      const email = `${role.toLowerCase()}@example.com`;
      if (!(await t.users.findByEmail(email)))
        await t.users.create({
          email,
          fullName: role,
          role,
          passwordHash: await t.passwords.hash('a-password-123'),
        });
    }
    user = (await t.login('user@example.com', 'a-password-123')).access_token;
    manager = (await t.login('manager@example.com', 'a-password-123')).access_token;
  });

  /** A manual lead; only what the test is about is given. */
  const add = async (fields: Fields) =>
    (await t.leads.create(leadCreate.parse({ customerName: 'Someone', ...fields }))).id;
  const read = async (token = admin): Promise<PossibleDuplicates> => {
    const answer = await t.app.inject({ url: '/api/leads/duplicates', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  /** The groups as "reason: ids", ids ascending, for short expectations. */
  const groupsOf = (answer: PossibleDuplicates) =>
    answer.groups
      .map((group) => `${group.reason}: ${[...group.leadIds].sort((a, b) => a - b).join(',')}`)
      .sort();
  const dismiss = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/leads/duplicates/dismissals',
      payload: payload as object,
      headers: bearer(token),
    });
  const restore = (token: string, query: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/leads/duplicates/dismissals?${query}`,
      headers: bearer(token),
    });

  it('groups the same phone by its digits, whatever the format, and ignores numbers too short to name a household', async () => {
    const a = await add({ phoneNumber: '(617) 555-0142' });
    const b = await add({ phoneNumber: '+1 617.555.0142' });
    const c = await add({ phoneNumber: '6175550142' });
    await add({ phoneNumber: '617-555-0143' });
    await add({ phoneNumber: 'x204' });
    await add({ phoneNumber: 'ext 204' });
    await add({ phoneNumber: '' });
    await add({ phoneNumber: '' });
    // 7 digits are enough (a local number), 6 are not
    const d = await add({ phoneNumber: '555-0142' });
    const e = await add({ phoneNumber: '5550142' });
    await add({ phoneNumber: '55-0142' });
    await add({ phoneNumber: '550142' });
    expect(groupsOf(await read())).toEqual([`phone: ${[a, b, c].join(',')}`, `phone: ${d},${e}`]);
  });

  it('groups the same e-mail without case or surrounding spaces; empty ones match nothing', async () => {
    const a = await add({ email: 'Jane.Doe@Example.com' });
    const b = await add({ email: 'jane.doe@example.com' });
    await add({ email: 'jane.doe@example.org' });
    await add({});
    await add({});
    await t.db.batch([sql`UPDATE leads SET email = '  JANE.DOE@EXAMPLE.COM ' WHERE id = ${b}`]);
    expect(groupsOf(await read())).toEqual([`email: ${a},${b}`]);
  });

  it('groups the same name and address without case, spaces, punctuation or accents; both must be there', async () => {
    const a = await add({ customerName: 'José O’Brien', address: '12 Oak St., Boston' });
    const b = await add({ customerName: 'jose obrien', address: '12  oak st boston' });
    await add({ customerName: 'José O’Brien', address: '14 Oak St., Boston' });
    await add({ customerName: 'José O’Brien' });
    await add({ customerName: 'José O’Brien' });
    await add({ customerName: '...', address: '12 Oak St., Boston' });
    await add({ customerName: '!!', address: '12 Oak St., Boston' });
    expect(groupsOf(await read())).toEqual([`nameAndAddress: ${a},${b}`]);
  });

  it('keeps a group per key and says why, and puts groups that share a lead in one cluster', async () => {
    const a = await add({ phoneNumber: '617 555 0100', scheduledDate: '2025-03-01T10:00:00Z' });
    const b = await add({
      phoneNumber: '617-555-0100',
      email: 'b@example.com',
      scheduledDate: '2025-03-02T10:00:00Z',
    });
    const c = await add({ email: 'B@example.com', scheduledDate: '2025-03-03T10:00:00Z' });
    const d = await add({ email: 'd@example.com', scheduledDate: '2025-04-01T10:00:00Z' });
    const e = await add({ email: 'd@example.com', scheduledDate: '2025-01-01T10:00:00Z' });
    const answer = await read();
    // A and C share nothing: A is told only about B
    expect(answer.groups).toEqual([
      { reason: 'email', cluster: 0, leadIds: [d, e] },
      { reason: 'phone', cluster: 1, leadIds: [b, a] },
      { reason: 'email', cluster: 1, leadIds: [c, b] },
    ]);
    expect(answer.leads.map((lead) => lead.id)).toEqual([d, c, b, a, e]);
    expect(answer.leads[0]).toEqual({
      id: d,
      leadId: expect.stringMatching(/^manual-/),
      customerName: 'Someone',
      scheduledDate: '2025-04-01T10:00:00.000Z',
      allDay: false,
      isFormatted: true,
    });
    expect(answer.dismissed).toEqual([]);
  });

  it('does not count deleted leads', async () => {
    const a = await add({ phoneNumber: '617 555 0100' });
    const b = await add({ phoneNumber: '617 555 0100' });
    const c = await add({ phoneNumber: '617 555 0100' });
    await t.leads.softDelete(c);
    expect(groupsOf(await read())).toEqual([`phone: ${a},${b}`]);
    await t.leads.softDelete(b);
    expect(groupsOf(await read(user))).toEqual([]);
  });

  it('leaves a dismissed pair out for everyone; in a group of three the other pairs still count', async () => {
    const a = await add({ phoneNumber: '617 555 0100' });
    const b = await add({ phoneNumber: '617 555 0100' });
    const c = await add({ phoneNumber: '617 555 0100' });
    expect((await dismiss(manager, { a: b, b: a })).statusCode).toBe(204);
    let answer = await read(user);
    expect(groupsOf(answer)).toEqual([`phone: ${a},${b},${c}`]);
    expect(answer.dismissed).toEqual([{ a, b }]);
    // dismissed again: nothing changes
    expect((await dismiss(admin, { a, b })).statusCode).toBe(204);
    expect((await read()).dismissed).toEqual([{ a, b }]);
    // A's every pair dismissed: A leaves, B and C stay
    await dismiss(admin, { a, b: c });
    answer = await read();
    expect(groupsOf(answer)).toEqual([`phone: ${b},${c}`]);
    expect(answer.dismissed).toEqual([]);
    expect(answer.leads.map((lead) => lead.id).sort()).toEqual([b, c].sort());
    // the last pair: the group goes
    await dismiss(admin, { a: b, b: c });
    expect((await read()).groups).toEqual([]);
    // undone: it counts again
    expect((await restore(manager, `a=${c}&b=${b}`)).statusCode).toBe(204);
    expect(groupsOf(await read())).toEqual([`phone: ${b},${c}`]);
    expect((await restore(manager, `a=${c}&b=${b}`)).statusCode).toBe(204);
  });

  it('answers from the cache with an ETag, and a new answer after a lead or a dismissal changes', async () => {
    const a = await add({ email: 'same@example.com' });
    const b = await add({ email: 'same@example.com' });
    const first = await t.app.inject({ url: '/api/leads/duplicates', headers: bearer(admin) });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({
      url: '/api/leads/duplicates',
      headers: { ...bearer(admin), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await dismiss(admin, { a, b });
    const afterDismissal = await t.app.inject({
      url: '/api/leads/duplicates',
      headers: { ...bearer(admin), 'if-none-match': etag },
    });
    expect(afterDismissal.statusCode).toBe(200);
    expect(afterDismissal.json().groups).toEqual([]);
    await restore(admin, `a=${a}&b=${b}`);
    const c = await add({ email: 'SAME@example.com' });
    expect(groupsOf(await read())).toEqual([`email: ${a},${b},${c}`]);
  });

  it('lets only Admin and Manager dismiss', async () => {
    const a = await add({ email: 'same@example.com' });
    const b = await add({ email: 'same@example.com' });
    expect((await dismiss(user, { a, b })).statusCode).toBe(403);
    expect((await restore(user, `a=${a}&b=${b}`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/leads/duplicates/dismissals', payload: { a, b } }))
        .statusCode,
    ).toBe(401);
    expect(groupsOf(await read())).toEqual([`email: ${a},${b}`]);
  });

  it('refuses hostile or wrong bodies with the reason, and a pair with a lead that is not there', async () => {
    const a = await add({ email: 'same@example.com' });
    const b = await add({ email: 'same@example.com' });
    for (const payload of [
      { a, b: a },
      { a },
      { a, b, c: 1 },
      { a: String(a), b },
      { a: 1.5, b },
      { a: -1, b },
      { a: 0, b },
      { a: 2 ** 60, b },
      { a: null, b },
      [a, b],
      { __proto__: { a, b } },
      { a: { $gt: 0 }, b },
    ]) {
      const answer = await dismiss(admin, payload);
      expect([answer.statusCode, payload]).toEqual([400, payload]);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await dismiss(admin, { a, b: a })).json().errors).toEqual({
      'body.b': ['Name two different leads.'],
    });
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/leads/duplicates/dismissals',
      payload: '{"a":1,',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    for (const query of [
      `a=${a}&b=${a}`,
      `a=${a}`,
      `a=0x1&b=${b}`,
      `a=01&b=${b}`,
      `a=${a}&b=${b}&c=1`,
      `a=1;DROP&b=2`,
    ])
      expect([(await restore(admin, query)).statusCode, query]).toEqual([400, query]);
    const gone = await add({});
    await t.leads.softDelete(gone);
    const missing = await dismiss(admin, { a, b: gone });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(`There is no lead ${gone}.`);
    expect((await dismiss(admin, { a: 999_999, b: 999_998 })).json().detail).toBe(
      'There is no lead 999999 or 999998.',
    );
    expect(groupsOf(await read())).toEqual([`email: ${a},${b}`]);
  });

  it('answers nothing when no two leads share a key', async () => {
    await add({ phoneNumber: '617 555 0100', email: 'x@example.com', address: '1 Elm St' });
    await add({ phoneNumber: '617 555 0101', email: 'y@example.com', address: '2 Elm St' });
    expect(await read()).toEqual({ groups: [], dismissed: [], leads: [] });
  });
});
