import { apiRequest } from '../api/apiRequest';
import { flushPreferences } from '../preferences/personalPreferences';
import { authStore } from './authStore';

/** Ends the session on the server (best effort) and wipes it from the browser. */
export async function signOut(): Promise<void> {
  await flushPreferences();
  const { refreshToken, token } = authStore.getState();
  if (token) await apiRequest('/auth/logout', { method: 'POST', body: { refreshToken } });
  authStore.getState().setLoginError(null);
  authStore.getState().clearSession();
}
