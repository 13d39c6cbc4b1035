import { eq } from 'drizzle-orm';
import { passwordLinks } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './testApp';

describe('password links', () => {
  let t: TestApp;
  let admin: string;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://auditdesk.example.com' });
    admin = (await t.login()).access_token;
    userId = t.users.create({ email: 'new@example.com', fullName: 'New Person', role: 'User' }).id;
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
    t.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordLinks.userId, userId))
      .run();
    expect((await setPassword(token, 'long-enough-password')).statusCode).toBe(400);
  });

  it('stores only a hash of the token', async () => {
    const token = await makeLink();
    const rows = t.db.select().from(passwordLinks).all();
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
