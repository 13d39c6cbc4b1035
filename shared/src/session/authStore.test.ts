import type * as authStoreModule from './authStore';
import { authStore } from './authStore';
import { AUTH_STORAGE_KEYS } from './authStorage';

const user = { id: '7', email: 'kim@example.com', name: 'Kim', role: 'Manager' as const };

describe('authStore', () => {
  afterEach(() => authStore.getState().clearSession());

  it('keeps tokens and user in local storage when a session starts', () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: 'r1' }, user);

    expect(authStore.getState().status).toBe('authenticated');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBe('a.b.c');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEYS.user) ?? 'null')).toEqual(user);
  });

  it('clears local storage, session storage and cookies, but keeps the login error to show', () => {
    authStore.getState().setSession({ token: 'a.b.c', refreshToken: 'r1' }, user);
    localStorage.setItem('leads.pageSize', '50');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'tracking=1; path=/';
    authStore.getState().setLoginError('Authentication failed. Please try again.');

    authStore.getState().clearSession();

    expect(authStore.getState()).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(localStorage.getItem('leads.pageSize')).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('tracking=1');
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.loginError)).toBe(
      'Authentication failed. Please try again.',
    );
  });

  it('starts as "loading" when a stored session awaits its check, "anonymous" otherwise', () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.token, 'a.b.c');
    localStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(user));
    jest.isolateModules(() => {
      const { authStore: fresh } = jest.requireActual<typeof authStoreModule>('./authStore');
      expect(fresh.getState()).toMatchObject({ status: 'loading', user, token: 'a.b.c' });
    });

    localStorage.clear();
    jest.isolateModules(() => {
      const { authStore: fresh } = jest.requireActual<typeof authStoreModule>('./authStore');
      expect(fresh.getState().status).toBe('anonymous');
    });
  });

  it('ignores a stored user that is not valid JSON', () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.token, 'a.b.c');
    localStorage.setItem(AUTH_STORAGE_KEYS.user, '{broken');
    jest.isolateModules(() => {
      const { authStore: fresh } = jest.requireActual<typeof authStoreModule>('./authStore');
      expect(fresh.getState().status).toBe('anonymous');
    });
  });
});
