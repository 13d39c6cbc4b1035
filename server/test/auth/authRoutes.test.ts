import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { sessions } from '../../src/platform/db/schema';

describe('auth routes', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  /** Moves every spent refresh token's use a minute back: past the leeway for a lost answer. */
  const usedLongAgo = () =>
    t.db.batch([
      sql`UPDATE refresh_tokens SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minute') WHERE used_at IS NOT NULL`,
    ]);

  it('signs in with e-mail and password: a 15-minute JWT and a refresh token', async () => {
    const response = await login({ email: 'Admin@Example.com', password: ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ role: 'Admin', iss: 'auditdesk' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect((await t.users.findByEmail(ADMIN.email))?.lastLoginAt).toEqual(expect.any(String));
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login({ email: ADMIN.email, password: 'not the password' });
    const unknown = await login({ email: 'ghost@example.com', password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().detail).toBe('Invalid e-mail or password.');
  });

  it('refuses a deactivated user even with the right password', async () => {
    const user = await t.users.create({
      email: 'gone@example.com',
      fullName: 'Gone',
      role: 'User',
      passwordHash: await t.passwords.hash('a-good-password'),
    });
    await t.users.update(user.id, { isActive: false });
    expect((await login({ email: 'gone@example.com', password: 'a-good-password' })).statusCode).toBe(401);
  });

  it('validates the body and names the fields', async () => {
    const response = await login({ email: '', password: 'x', remember: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.objectContaining({ body: expect.any(Array) }));
  });

  it('GET /auth/user answers the current user, 401 otherwise', async () => {
    const { access_token } = await t.login();
    const ok = await t.app.inject({ url: '/api/auth/user', headers: bearer(access_token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      id: expect.any(Number),
      email: ADMIN.email,
      fullName: 'Administrator',
      role: 'Admin',
    });

    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = `${access_token.slice(0, -4)}AAAA`;
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer('not-a-jwt') })).statusCode).toBe(
      401,
    );
  });

  it('locks a deactivated user out at the next request', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const user = await t.users.create({
      email: 'kim@example.com',
      fullName: 'Kim',
      role: 'User',
      passwordHash: await t.passwords.hash('kims-password-1'),
    });
    const { access_token } = await t.login('kim@example.com', 'kims-password-1');
    await t.users.update(user.id, { isActive: false });
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(access_token) })).statusCode).toBe(
      401,
    );
  });

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    const first = await t.login();
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.accessToken.split('.')).toHaveLength(3);
    expect(second.refreshToken).not.toBe(first.refresh_token);

    await usedLongAgo(); // past the leeway for a lost answer: a reuse is a theft
    expect((await refresh(first.refresh_token)).statusCode).toBe(401); // reuse
    expect((await refresh(second.refreshToken)).statusCode).toBe(401); // family revoked
  });

  it('answers a refresh whose answer was lost, sent again at once, with the same successor (never a second chain)', async () => {
    const first = await t.login();
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const lost = await refresh(first.refresh_token); // the page reloaded before it stored these
    expect(lost.statusCode).toBe(200);
    const retried = await refresh(first.refresh_token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refreshToken).toBe(lost.json().refreshToken);
    expect((await refresh(first.refresh_token)).json().refreshToken).toBe(lost.json().refreshToken);
    const me = await t.app.inject({ url: '/api/auth/user', headers: bearer(retried.json().accessToken) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(retried.json().refreshToken)).statusCode).toBe(200);
  });

  it('ends the sign-in when a used token comes back after its successor was used, even within the leeway', async () => {
    const first = await t.login();
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const owner = (await refresh(first.refresh_token)).json();
    const ownerNext = (await refresh(owner.refreshToken)).json(); // the owner moved on
    const thief = await refresh(first.refresh_token); // a copy of the first token, 1 s later
    expect(thief.statusCode).toBe(401);
    expect((await refresh(ownerNext.refreshToken)).statusCode).toBe(401); // the whole sign-in ended
    const me = await t.app.inject({ url: '/api/auth/user', headers: bearer(ownerNext.accessToken) });
    expect(me.statusCode).toBe(401);
  });

  it('logout revokes the sign-in it belongs to', async () => {
    const { refresh_token } = await t.login();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: refresh_token },
    });
    expect(out.statusCode).toBe(204);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('ends a sign-in at its absolute end, however often its tokens rotated', async () => {
    const { access_token, refresh_token } = await t.login();
    const rotated = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: refresh_token },
      })
    ).json();
    const sessionId = decodeJwt(access_token).sid as string;
    const session = await t.db.orm.select().from(sessions).where(eq(sessions.id, sessionId)).get();
    expect(Date.parse(session!.expiresAt) - Date.parse(session!.createdAt)).toBe(90 * 24 * 3600 * 1000);
    await t.db.orm
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, sessionId))
      .run();
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: bearer(rotated.accessToken) })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses access tokens of a sign-in that ended: sign-out, reuse, a new password, deactivation and back', async () => {
    const signOut = await t.login();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: signOut.refresh_token },
    });
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: bearer(signOut.access_token) })).statusCode,
    ).toBe(401);

    const reused = await t.login();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: reused.refresh_token },
    });
    await usedLongAgo();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: reused.refresh_token },
    });
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: bearer(reused.access_token) })).statusCode,
    ).toBe(401);

    const kim = await t.users.create({
      email: 'kim@example.com',
      fullName: 'Kim',
      role: 'User',
      passwordHash: await t.passwords.hash('kims-password-1'),
    });
    const before = await t.login('kim@example.com', 'kims-password-1');
    await t.users.update(kim.id, { isActive: false });
    await t.users.update(kim.id, { isActive: true }); // reactivated: the old token stays dead
    const admin = (await t.login()).access_token;
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/${kim.id}/status`,
      headers: bearer(admin),
      payload: { isActive: false },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/${kim.id}/status`,
      headers: bearer(admin),
      payload: { isActive: true },
    });
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: bearer(before.access_token) })).statusCode,
    ).toBe(401);
  });
});
