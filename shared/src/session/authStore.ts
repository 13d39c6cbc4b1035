import { createStore } from 'zustand/vanilla';
import type { AuthStatus, AuthTokens, AuthUser } from './authTypes';
import {
  AUTH_STORAGE_KEYS,
  readStoredLoginError,
  readStoredSession,
  writeStoredLoginError,
  writeStoredSession,
} from './authStorage';
import { clearBrowserSession } from './clearBrowserSession';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  token: string | null;
  refreshToken: string | null;
  loginError: string | null;
  setSession: (tokens: AuthTokens, user: AuthUser) => void;
  setTokens: (tokens: AuthTokens) => void;
  setUser: (user: AuthUser) => void;
  setLoginError: (message: string | null) => void;
  clearSession: () => void;
}

function initialState() {
  const stored = readStoredSession();
  const hasSession = Boolean(stored.token && stored.user);
  return {
    // A stored session is 'loading' until restoreSession() has checked it with the server.
    status: (hasSession ? 'loading' : 'anonymous') as AuthStatus,
    user: hasSession ? stored.user : null,
    token: hasSession ? stored.token : null,
    refreshToken: hasSession ? stored.refreshToken : null,
    loginError: readStoredLoginError(),
  };
}

/** The one auth store of the page; host and remotes reach it through the shared singleton. */
export const authStore = createStore<AuthState>()((set, get) => ({
  ...initialState(),
  setSession: (tokens, user) => {
    writeStoredSession({ token: tokens.token, refreshToken: tokens.refreshToken, user });
    writeStoredLoginError(null);
    set({ status: 'authenticated', user, ...tokens, loginError: null });
  },
  setTokens: (tokens) => {
    writeStoredSession({ ...tokens, user: get().user });
    set(tokens);
  },
  setUser: (user) => {
    const { token, refreshToken } = get();
    writeStoredSession({ token, refreshToken, user });
    set({ user, status: 'authenticated' });
  },
  setLoginError: (message) => {
    writeStoredLoginError(message);
    set({ loginError: message });
  },
  clearSession: () => {
    const { loginError } = get();
    clearBrowserSession();
    // The login error is what the sign-in page explains next; it survives the wipe.
    writeStoredLoginError(loginError);
    set({ status: 'anonymous', user: null, token: null, refreshToken: null });
  },
}));

/**
 * The tabs of a browser share one session: when another tab rotates the tokens, this one
 * takes them up; when another tab signs out, this one is signed out too.
 */
function followOtherTabs(event: StorageEvent): void {
  if (
    event.key !== null &&
    event.key !== AUTH_STORAGE_KEYS.token &&
    event.key !== AUTH_STORAGE_KEYS.refreshToken
  )
    return;
  const stored = readStoredSession();
  const state = authStore.getState();
  if (!stored.token) {
    if (state.status !== 'anonymous')
      authStore.setState({ status: 'anonymous', user: null, token: null, refreshToken: null });
    return;
  }
  if (stored.token !== state.token || stored.refreshToken !== state.refreshToken)
    authStore.setState({ token: stored.token, refreshToken: stored.refreshToken });
}
if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);
