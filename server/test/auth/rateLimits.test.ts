import { createTestApp, type TestApp } from '../../testkit/testApp';

const OWNER = { email: 'owner@example.com', password: 'owners-password-1' };

describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      RATE_LIMIT_LOGIN_PER_IP: '8',
      RATE_LIMIT_LOGIN_PER_EMAIL: '3',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '6',
    });
    await t.users.create({
      email: OWNER.email,
      fullName: 'Owner',
      role: 'User',
      passwordHash: await t.passwords.hash(OWNER.password),
    });
  });
  afterEach(() => t.close());

  const attempt = (email: string, ip = '203.0.113.7', password = 'wrong-password', headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers,
    });

  it('limits attempts per e-mail from one address, with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('victim@example.com')).statusCode).toBe(401);
    const limited = await attempt('victim@example.com');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // another account from the same address, and the same account from another, are not affected
    expect((await attempt('someone-else@example.com')).statusCode).toBe(401);
    expect((await attempt('victim@example.com', '198.51.100.9')).statusCode).toBe(401);
  });

  it('limits attempts per address across e-mails', async () => {
    for (let i = 0; i < 8; i += 1) expect((await attempt(`user${i}@example.com`)).statusCode).toBe(401);
    expect((await attempt('user9@example.com')).statusCode).toBe(429);
  });

  it('lets the owner in from their own address while someone hammers their e-mail', async () => {
    for (let i = 0; i < 3; i += 1) await attempt(OWNER.email, '203.0.113.66');
    expect((await attempt(OWNER.email, '203.0.113.66')).statusCode).toBe(429); // the attacker is stopped
    expect((await attempt(OWNER.email, '192.0.2.10', OWNER.password)).statusCode).toBe(200); // the owner is not
  });

  it('caps failures per e-mail from all addresses, but never for an address the owner signed in from', async () => {
    expect((await attempt(OWNER.email, '192.0.2.10', OWNER.password)).statusCode).toBe(200);
    // a spread-out attack: six failures from six addresses
    for (let i = 0; i < 6; i += 1)
      expect((await attempt(OWNER.email, `203.0.113.${100 + i}`)).statusCode).toBe(401);
    // from yet another address, even the right password waits (the guesses are slowed)
    expect((await attempt(OWNER.email, '203.0.113.200', OWNER.password)).statusCode).toBe(429);
    // the owner's own, known address still gets in
    expect((await attempt(OWNER.email, '192.0.2.10', OWNER.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from anyone when no proxy is trusted (TRUST_PROXY unset)', async () => {
    const statuses = [];
    for (let i = 0; i < 9; i += 1)
      statuses.push(
        (await attempt(`x${i}@example.com`, '203.0.113.7', 'nope', { 'x-forwarded-for': `10.0.0.${i}` }))
          .statusCode,
      );
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits set-password attempts too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token: 'guess', password: 'long-enough-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('behind a trusted proxy', () => {
  it('reads the client address from X-Forwarded-For only when the proxy is configured', async () => {
    const t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '2', TRUST_PROXY: '127.0.0.1' });
    const viaProxy = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${client}@example.com`, password: 'x' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    // two clients behind the proxy each get their own allowance
    expect((await viaProxy('10.1.1.1')).statusCode).toBe(401);
    expect((await viaProxy('10.1.1.1')).statusCode).toBe(401);
    expect((await viaProxy('10.1.1.1')).statusCode).toBe(429);
    expect((await viaProxy('10.2.2.2')).statusCode).toBe(401);
    // a caller that is not the proxy cannot pick its address
    const direct = (spoofed: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${spoofed}@example.com`, password: 'x' },
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': spoofed },
      });
    expect((await direct('10.3.3.1')).statusCode).toBe(401);
    expect((await direct('10.3.3.2')).statusCode).toBe(401);
    expect((await direct('10.3.3.3')).statusCode).toBe(429);
    await t.close();
  });
});
