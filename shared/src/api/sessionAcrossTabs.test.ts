import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { apiRequest } from './apiRequest';
import { authStore } from '../session/authStore';
import { AUTH_STORAGE_KEYS } from '../session/authStorage';

const user = { id: '7', email: 'kim@example.com', name: 'Kim', role: 'Manager' as const };

/** What another tab of the same browser does to the shared storage, and the event this tab hears. */
function otherTabStores(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

describe('one session shared by the tabs', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
  });

  it('takes up the tokens another tab rotated, without a refresh of its own', async () => {
    const expired = fakeJwt(-60);
    authStore.getState().setSession({ token: expired, refreshToken: 'r1' }, user);
    // the other tab refreshed first: the stored tokens are newer than this tab's
    const fresh = fakeJwt(900);
    localStorage.setItem(AUTH_STORAGE_KEYS.token, fresh);
    localStorage.setItem(AUTH_STORAGE_KEYS.refreshToken, 'r2');
    fetchMock = mockFetch(({ headers }) =>
      headers.get('authorization') === `Bearer ${fresh}` ? json(200, []) : json(401),
    );

    const result = await apiRequest('/leads');

    expect(result.success).toBe(true);
    expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/leads', '/api/leads']);
    expect(authStore.getState()).toMatchObject({ token: fresh, refreshToken: 'r2' });
  });

  it('refreshes with the newest stored refresh token, never the one it loaded with', async () => {
    authStore.getState().setSession({ token: fakeJwt(-60), refreshToken: 'r1' }, user);
    localStorage.setItem(AUTH_STORAGE_KEYS.refreshToken, 'r2'); // rotated elsewhere, its access token expired too
    localStorage.setItem(AUTH_STORAGE_KEYS.token, authStore.getState().token!);
    const fresh = fakeJwt(900);
    fetchMock = mockFetch(({ url, headers }) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: fresh, refreshToken: 'r3' });
      return headers.get('authorization') === `Bearer ${fresh}` ? json(200, []) : json(401);
    });

    expect((await apiRequest('/leads')).success).toBe(true);
    expect(fetchMock.calls[1]).toMatchObject({ url: '/api/auth/refresh', body: { refreshToken: 'r2' } });
  });

  it('follows another tab: new tokens are used at once, a sign-out there signs out here', () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: 'r1' }, user);
    otherTabStores(AUTH_STORAGE_KEYS.token, 'd.e.f');
    otherTabStores(AUTH_STORAGE_KEYS.refreshToken, 'r2');
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      token: 'd.e.f',
      refreshToken: 'r2',
    });

    otherTabStores(AUTH_STORAGE_KEYS.token, null);
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
  });
});
