import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { authStore } from '../session/authStore';
import { restoreSession } from './restoreSession';

const stored = { id: '3', email: 'sam@example.com', name: 'Sam', role: 'User' as const };

describe('restoreSession', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
  });

  it('checks an unexpired session with the server and takes the fresh profile', async () => {
    authStore.getState().setSession({ token: fakeJwt(600), refreshToken: 'r' }, stored);
    fetchMock = mockFetch(() =>
      json(200, { id: 3, email: 'sam@example.com', fullName: 'Sam Rivera', role: 'Manager' }),
    );

    await restoreSession();

    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/auth/user']);
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { id: '3', name: 'Sam Rivera', role: 'Manager' },
    });
  });

  it('refreshes an expired token before checking the user', async () => {
    authStore.getState().setSession({ token: fakeJwt(-5), refreshToken: 'r1' }, stored);
    const fresh = fakeJwt(900);
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/refresh'
        ? json(200, { accessToken: fresh, refreshToken: 'r2' })
        : json(200, { id: 3, email: 'sam@example.com', fullName: 'Sam', role: 'User' }),
    );

    await restoreSession();

    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/auth/user']);
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', token: fresh, refreshToken: 'r2' });
  });

  it('clears an expired session that has no refresh token', async () => {
    authStore.getState().setSession({ token: fakeJwt(-5), refreshToken: null }, stored);
    fetchMock = mockFetch(() => json(500));
    await restoreSession();
    expect(fetchMock.calls).toHaveLength(0);
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('clears the session when the server does not confirm the user', async () => {
    authStore.getState().setSession({ token: fakeJwt(600), refreshToken: null }, stored);
    fetchMock = mockFetch(() => json(500));
    await restoreSession();
    expect(authStore.getState().status).toBe('anonymous');
  });

  it('keeps, for the sign-in page, the reason the server gives for refusing one who lost access', async () => {
    authStore.getState().setSession({ token: fakeJwt(-5), refreshToken: 'r1' }, stored);
    fetchMock = mockFetch(() => json(401, { status: 401, detail: 'Your access to Auditdesk has ended.' }));
    await restoreSession();
    expect(authStore.getState()).toMatchObject({
      status: 'anonymous',
      loginError: 'Your access to Auditdesk has ended.',
    });
    authStore.getState().setLoginError(null);
  });

  it('keeps no reason when the session merely ended', async () => {
    authStore.getState().setSession({ token: fakeJwt(-5), refreshToken: 'r1' }, stored);
    fetchMock = mockFetch(() =>
      json(401, { status: 401, detail: 'The session has ended. Please sign in again.' }),
    );
    await restoreSession();
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', loginError: null });
  });
});
