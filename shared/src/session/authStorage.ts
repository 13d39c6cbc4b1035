import type { AuthUser } from './authTypes';

/** The local-storage keys of the session (spec section 3, "User (stored in the browser)"). */
export const AUTH_STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  loginError: 'loginError',
} as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
}

export function readStoredSession(): StoredSession {
  const store = storage();
  let user: AuthUser | null = null;
  const rawUser = store?.getItem(AUTH_STORAGE_KEYS.user);
  if (rawUser) {
    try {
      user = JSON.parse(rawUser) as AuthUser;
    } catch {
      user = null;
    }
  }
  return {
    token: store?.getItem(AUTH_STORAGE_KEYS.token) ?? null,
    refreshToken: store?.getItem(AUTH_STORAGE_KEYS.refreshToken) ?? null,
    user,
  };
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  if (!store) return;
  const entries: [string, string | null][] = [
    [AUTH_STORAGE_KEYS.token, session.token],
    [AUTH_STORAGE_KEYS.refreshToken, session.refreshToken],
    [AUTH_STORAGE_KEYS.user, session.user ? JSON.stringify(session.user) : null],
  ];
  for (const [key, value] of entries) {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  }
}

export function readStoredLoginError(): string | null {
  return storage()?.getItem(AUTH_STORAGE_KEYS.loginError) ?? null;
}

export function writeStoredLoginError(message: string | null): void {
  const store = storage();
  if (!store) return;
  if (message === null) store.removeItem(AUTH_STORAGE_KEYS.loginError);
  else store.setItem(AUTH_STORAGE_KEYS.loginError, message);
}
