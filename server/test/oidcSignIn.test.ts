import { decodeJwt } from 'jose';
import { createBrowserLikeClient } from './browserLikeClient';
import { freePort } from './freePort';
import { OIDC_CLIENT, startOidcProvider } from './oidcProvider';
import { createTestApp, type TestApp } from './testApp';

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
    t.users.create({ email: 'kim@example.com', fullName: 'kim', role: 'Manager' });
    t.users.create({ email: 'gone@example.com', fullName: 'Gone', role: 'User' });
    t.users.update(t.users.findByEmail('gone@example.com')!.id, { isActive: false });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const start = (returnUrl = `${appUrl}/auth/callback`) =>
    `${appUrl}/api/auth/google-login?returnUrl=${encodeURIComponent(returnUrl)}`;

  it('signs in a person with access and hands the host its tokens', async () => {
    const landing = await createBrowserLikeClient().signIn(start(), 'kim@example.com', appUrl);

    expect(landing.pathname).toBe('/auth/callback');
    const token = landing.searchParams.get('token')!;
    expect(decodeJwt(token)).toMatchObject({ role: 'Manager' });
    expect(landing.searchParams.get('refreshToken')).toEqual(expect.any(String));
    expect(landing.searchParams.get('user')).toBe('kim@example.com');
    expect(landing.searchParams.get('name')).toBe('Kim Lee');
    const me = await fetch(`${appUrl}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ email: 'kim@example.com', fullName: 'Kim Lee', role: 'Manager' });
    expect(t.users.findByEmail('kim@example.com')?.lastLoginAt).toEqual(expect.any(String));
  });

  it.each([
    ['an e-mail without an access record', 'stranger@example.com'],
    ['a revoked person', 'gone@example.com'],
  ])('sends %s back to /login with the Access Denied error', async (_who, email) => {
    const landing = await createBrowserLikeClient().signIn(start(), email, appUrl);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(landing.searchParams.has('token')).toBe(false);
  });

  it('refuses a returnUrl on a foreign origin (no open redirect)', async () => {
    const response = await fetch(start('https://evil.example.net/steal'), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toBe(
      'returnUrl must be on an allowed origin; https://evil.example.net is not one.',
    );
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
    const login = await fetch(start(), { redirect: 'manual' });
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toEqual(expect.any(String));

    const callback = await createBrowserLikeClient().signIn(
      authorize.href,
      'kim@example.com',
      appUrl,
      (target) => target.pathname === '/api/auth/google-callback',
    );
    const first = await fetch(callback, { redirect: 'manual' });
    expect(new URL(first.headers.get('location')!).pathname).toBe('/auth/callback');
    const replay = await fetch(callback, { redirect: 'manual' });
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
