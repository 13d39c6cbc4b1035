import { userPreferences } from '../../src/platform/db/schema';
import { createPreferencesRepository } from '../../src/features/preferences/preferencesRepository';
import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

const CHOSEN = {
  leadsColumns: { customerName: true, phone: false, auditor: true },
  leadsPageSize: 50,
  periodRange: { startMonth: 11, startYear: 2025, endMonth: 2, endYear: 2026 },
  sidebarPinned: true,
};

describe.each(ENGINES)('preferences on %s', (engine) => {
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
  });
  afterEach(() => t.close());

  const get = (token: string) => t.app.inject({ url: '/api/preferences', headers: bearer(token) });
  const put = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/preferences', payload, headers: bearer(token) });

  it('answers nothing chosen (every default) before a person saves any', async () => {
    const answer = await get(user);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({});
  });

  it('keeps them per person: a later sign-in reads what was saved, another person is untouched', async () => {
    expect((await put(user, CHOSEN)).json()).toEqual(CHOSEN);
    const again = (await t.login('u@example.com', 'users-password-1')).access_token;
    expect((await get(again)).json()).toEqual(CHOSEN);
    expect((await get(admin)).json()).toEqual({});
  });

  it('replaces the whole document: a part left out returns to its default', async () => {
    await put(user, CHOSEN);
    expect((await put(user, { leadsPageSize: 25 })).statusCode).toBe(200);
    expect((await get(user)).json()).toEqual({ leadsPageSize: 25 });
  });

  it('refuses a bad document with the reason and keeps what was saved', async () => {
    await put(user, CHOSEN);
    const bad = await put(user, { ...CHOSEN, periodRange: { ...CHOSEN.periodRange, endMonth: 13 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/endMonth/);
    const unknown = await put(user, { theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect((await get(user)).json()).toEqual(CHOSEN);
  });

  it('drops only the stored parts that no longer fit the contract', async () => {
    const { id } = (await t.users.findByEmail(ADMIN.email))!;
    const document = JSON.stringify({ ...CHOSEN, leadsPageSize: 'many', retired: 1 });
    await t.db.orm.insert(userPreferences).values({ userId: id, document }).run();
    const { leadsPageSize: _dropped, ...kept } = CHOSEN;
    expect(await createPreferencesRepository(t.db).get(id)).toEqual(kept);
  });
});
