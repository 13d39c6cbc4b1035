import { refreshSession } from '../api/refreshSession';
import { authStore } from '../session/authStore';
import { fetchCurrentUser } from './fetchCurrentUser';
import { isTokenExpired } from '../session/tokenExpiry';

/**
 * Runs once on load: a stored, unexpired session is checked with the server and its
 * profile refreshed; an expired one is refreshed; anything else is cleared.
 */
export async function restoreSession(): Promise<void> {
  const store = authStore.getState();
  const { token, user, refreshToken } = store;
  if (!token || !user) {
    store.clearSession();
    return;
  }
  if (isTokenExpired(token) && !(refreshToken && (await refreshSession()))) {
    store.clearSession();
    return;
  }
  const current = await fetchCurrentUser(user.email);
  if (current) authStore.getState().setUser(current);
  else authStore.getState().clearSession();
}
