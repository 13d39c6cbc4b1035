import { HUB_CLOSE_REASONS } from '@auditdesk/shared/core';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

describe('a refresh refused to one who lost access says so', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.users.create({
      email: 'robin@example.com',
      fullName: 'Robin',
      role: 'User',
      passwordHash: await t.passwords.hash('robins-password-1'),
    });
  });
  afterEach(() => t.close());

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it("answers 401 with 'Your access to Auditdesk has ended.' once the access is revoked", async () => {
    const robin = await t.login('robin@example.com', 'robins-password-1');
    const admin = (await t.login()).access_token;
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/revoke',
      headers: bearer(admin),
      payload: { email: 'robin@example.com' },
    });
    expect(revoked.statusCode).toBe(200);

    const refused = await refresh(robin.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(HUB_CLOSE_REASONS.accessEnded);
  });

  it('says only that the session ended after a sign-out', async () => {
    const robin = await t.login('robin@example.com', 'robins-password-1');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: robin.refresh_token },
    });
    const refused = await refresh(robin.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('The session has ended. Please sign in again.');
  });
});
