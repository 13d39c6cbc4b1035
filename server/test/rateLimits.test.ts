import { createTestApp, type TestApp } from './testApp';

describe('sign-in rate limits', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '8', RATE_LIMIT_LOGIN_PER_EMAIL: '3' });
  });
  afterEach(() => t.close());

  const attempt = (email: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: ip,
    });

  it('limits attempts per e-mail, whatever the address, with Retry-After', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await attempt('victim@example.com', ip)).statusCode).toBe(401);
    const limited = await attempt('victim@example.com', '203.0.113.4');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // another account is not affected
    expect((await attempt('someone-else@example.com', '203.0.113.4')).statusCode).toBe(401);
  });

  it('limits attempts per address across e-mails', async () => {
    for (let i = 0; i < 8; i += 1) expect((await attempt(`user${i}@example.com`)).statusCode).toBe(401);
    expect((await attempt('user9@example.com')).statusCode).toBe(429);
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
