import { decodeJwt } from 'jose';
import { createBrowserLikeClient } from '../../testkit/clients/browserLikeClient';
import { freePort } from '../../testkit/freePort';
import { OIDC_CLIENT, startOidcProvider } from '../../testkit/servers/oidcProvider';
import { createTestApp, type TestApp } from '../../testkit/testApp';

describe('identity-provider sign-in (OpenID Connect, code + PKCE) against a real provider', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider(`${appUrl}/api/auth/google-callback`);
    t = await createTestApp({
      PUBLIC_URL: appUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    await t.users.create({ email: 'kim@example.com', fullName: 'kim', role: 'Manager' });
    await t.users.create({ email: 'admin2@example.com', fullName: 'Second Admin', role: 'Admin' });
    const gone = await t.users.create({ email: 'gone@example.com', fullName: 'Gone', role: 'User' });
    await t.users.update(gone.id, { isActive: false });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const start = (returnUrl = `${appUrl}/auth/callback`) =>
    `${appUrl}/api/auth/google-login?returnUrl=${encodeURIComponent(returnUrl)}`;

  const exchange = (browser: ReturnType<typeof createBrowserLikeClient>, code: string) =>
    browser.request(`${appUrl}/api/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });

  it('signs in a person with access: a one-time code in the return, tokens only for the same browser', async () => {
    const browser = createBrowserLikeClient();
    const landing = await browser.signIn(start(), 'kim@example.com', appUrl);

    expect(landing.pathname).toBe('/auth/callback');
    expect([...landing.searchParams.keys()]).toEqual(['code']); // never tokens in a URL
    const code = landing.searchParams.get('code')!;

    const elsewhere = await exchange(createBrowserLikeClient(), code);
    expect(elsewhere.status).toBe(400);

    const traded = await exchange(browser, code);
    expect(traded.status).toBe(200);
    const body = await traded.json();
    expect(decodeJwt(body.access_token)).toMatchObject({ role: 'Manager' });
    expect(body).toMatchObject({
      refresh_token: expect.any(String),
      user: 'kim@example.com',
      name: 'Kim Lee',
    });
    const me = await fetch(`${appUrl}/api/auth/user`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await me.json()).toMatchObject({ email: 'kim@example.com', fullName: 'Kim Lee', role: 'Manager' });
    expect((await t.users.findByEmail('kim@example.com'))?.lastLoginAt).toEqual(expect.any(String));

    expect((await exchange(browser, code)).status).toBe(400); // one time only
  });

  it('refuses to finish, in another browser, a sign-in this browser started (login CSRF)', async () => {
    const attacker = createBrowserLikeClient();
    const callback = await attacker.signIn(
      start(),
      'kim@example.com',
      appUrl,
      (target) => target.pathname === '/api/auth/google-callback',
    );
    // the victim opens the attacker's callback link: no sign-in cookie of theirs matches
    const victim = await createBrowserLikeClient().request(callback.href);
    const location = new URL(victim.headers.get('location')!);
    expect(location.pathname).toBe('/auth/error');
    expect(location.searchParams.get('message')).toBe(
      'This sign-in was started in another browser. Please start again.',
    );
  });

  it.each([
    ['an e-mail without an access record', 'stranger@example.com'],
    ['a revoked person', 'gone@example.com'],
    ['an unverified e-mail (email_verified false)', 'unverified-false:admin2@example.com'],
    ['an unverified e-mail (email_verified "false")', 'unverified-text:admin2@example.com'],
    ['an e-mail the provider does not vouch for (no email_verified)', 'unverified-absent:admin2@example.com'],
  ])('sends %s back to /login with the Access Denied error', async (_who, login) => {
    const landing = await createBrowserLikeClient().signIn(start(), login, appUrl);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.has('code')).toBe(false);
  });

  it("offers the provider on the sign-in page by name ('single sign-on' for one it does not know)", async () => {
    expect(await (await fetch(`${appUrl}/api/auth/options`)).json()).toEqual({
      passwordResetByEmail: false,
      identityProvider: 'single sign-on',
    });
  });

  it('refuses a returnUrl on a foreign origin (no open redirect)', async () => {
    const response = await fetch(start('https://evil.example.net/steal'), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toBe(
      'returnUrl must be on an allowed origin; https://evil.example.net is not one.',
    );
  });

  it('sends its redirect_uri on PUBLIC_URL whatever X-Forwarded-Host says', async () => {
    const login = await fetch(start(), {
      redirect: 'manual',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/google-callback`);
  });

  it('refuses a callback whose state it never issued', async () => {
    const response = await fetch(`${appUrl}/api/auth/google-callback?code=forged&state=forged`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/auth/error');
    expect(location.searchParams.get('message')).toBe('This sign-in has expired. Please start again.');
  });

  it('sends PKCE and a nonce, and honours a callback only once', async () => {
    const browser = createBrowserLikeClient();
    const login = await browser.request(start());
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toEqual(expect.any(String));
    expect(login.headers.get('set-cookie')).toMatch(/auditdesk_signin=.*HttpOnly.*SameSite=Lax/i);

    const callback = await browser.signIn(
      authorize.href,
      'kim@example.com',
      appUrl,
      (target) => target.pathname === '/api/auth/google-callback',
    );
    const first = await browser.request(callback.href);
    expect(new URL(first.headers.get('location')!).pathname).toBe('/auth/callback');
    const replay = await browser.request(callback.href);
    expect(new URL(replay.headers.get('location')!).pathname).toBe('/auth/error');
  });
});

describe('identity-provider sign-in when not configured', () => {
  it('explains it on the /auth/error page', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:1' });
    const response = await t.app.inject({ url: '/api/auth/google-login' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toBe('/auth/error');
    expect(location.searchParams.get('message')).toBe(
      'Sign-in with the identity provider is not set up on this server.',
    );
    await t.close();
  });
});

describe('identity-provider sign-in starts are limited', () => {
  it('answers 429 past the per-address limit, and strangers cannot fill the store for everyone', async () => {
    const t = await createTestApp({
      PUBLIC_URL: 'http://127.0.0.1:1',
      RATE_LIMIT_LOGIN_PER_IP: '5',
      OIDC_CLIENT_ID: 'x',
      OIDC_ISSUER: 'http://127.0.0.1:1',
    });
    const starts = [];
    for (let i = 0; i < 7; i += 1) starts.push(await t.app.inject({ url: '/api/auth/google-login' }));
    expect(starts.slice(0, 5).every((response) => response.statusCode === 302)).toBe(true);
    expect(starts[5]!.statusCode).toBe(429);
    expect(starts[5]!.headers['retry-after']).toEqual(expect.any(String));
    // another address still gets in
    const other = await t.app.inject({ url: '/api/auth/google-login', remoteAddress: '10.9.8.7' });
    expect(other.statusCode).toBe(302);
    await t.close();
  });
});
