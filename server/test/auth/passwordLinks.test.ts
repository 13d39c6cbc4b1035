import { eq } from 'drizzle-orm';
import { passwordLinks } from '../../src/platform/db/schema';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

describe('password links', () => {
  let t: TestApp;
  let admin: string;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://auditdesk.example.com' });
    admin = (await t.login()).access_token;
    userId = (await t.users.create({ email: 'new@example.com', fullName: 'New Person', role: 'User' })).id;
  });
  afterEach(() => t.close());

  async function makeLink(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user/${userId}/password-link`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(201);
    const { url, expiresAt } = response.json();
    expect(url).toMatch(/^https:\/\/auditdesk\.example\.com\/set-password\?token=[\w-]{40,}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    return new URL(url).searchParams.get('token')!;
  }
  const setPassword = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
  const login = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'new@example.com', password } });

  it('sets the password once; the person can then sign in', async () => {
    const token = await makeLink();
    expect((await login('a-brand-new-password')).statusCode).toBe(401);

    expect((await setPassword(token, 'a-brand-new-password')).statusCode).toBe(204);
    expect((await login('a-brand-new-password')).statusCode).toBe(200);

    const again = await setPassword(token, 'another-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This link is invalid, used or expired. Ask an admin for a new one.');
  });

  it('needs at least 12 characters and keeps the link for a better try', async () => {
    const token = await makeLink();
    const short = await setPassword(token, 'too-short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors['body.password']).toEqual(['The password needs at least 12 characters.']);
    expect((await setPassword(token, 'long-enough-password')).statusCode).toBe(204);
  });

  it('refuses an expired link', async () => {
    const token = await makeLink();
    await t.db.orm
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordLinks.userId, userId))
      .run();
    expect((await setPassword(token, 'long-enough-password')).statusCode).toBe(400);
  });

  it('stores only a hash of the token', async () => {
    const token = await makeLink();
    const rows = await t.db.orm.select().from(passwordLinks).all();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('minting a link kills the older ones; spending one kills the rest', async () => {
    const first = await makeLink();
    const second = await makeLink();
    expect((await setPassword(first, 'long-enough-password')).statusCode).toBe(400);
    const third = await makeLink();
    expect((await setPassword(third, 'long-enough-password')).statusCode).toBe(204);
    expect((await setPassword(second, 'another-long-password')).statusCode).toBe(400);
  });

  it.each([
    [
      'deactivated',
      (id: number) => ({
        method: 'PUT' as const,
        url: `/api/user/${id}/status`,
        payload: { isActive: false },
      }),
    ],
    [
      'revoked',
      () => ({
        method: 'POST' as const,
        url: '/api/useraccess/revoke',
        payload: { email: 'new@example.com' },
      }),
    ],
    ['deleted', (id: number) => ({ method: 'DELETE' as const, url: `/api/user/${id}` })],
  ])('a link dies when its user is %s', async (_what, change) => {
    const token = await makeLink();
    const changed = await t.app.inject({ ...change(userId), headers: bearer(admin) });
    expect(changed.statusCode).toBeLessThan(300);
    if (_what !== 'deleted') {
      // access restored: the old link still does not work
      await t.app.inject({
        method: 'POST',
        url: '/api/useraccess/grant',
        payload: { email: 'new@example.com', notes: 'Access restored' },
        headers: bearer(admin),
      });
    }
    expect((await setPassword(token, 'long-enough-password')).statusCode).toBe(400);
  });

  it('an inactive user gets no link', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/${userId}/status`,
      payload: { isActive: false },
      headers: bearer(admin),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user/${userId}/password-link`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'This account has no access. Restore its access before sending a link.',
    );
  });

  it('mints the link on PUBLIC_URL whatever Host or X-Forwarded-Host the request carries', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user/${userId}/password-link`,
      headers: {
        ...bearer(admin),
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(response.json().url).toMatch(/^https:\/\/auditdesk\.example\.com\/set-password\?token=/);
  });
});
