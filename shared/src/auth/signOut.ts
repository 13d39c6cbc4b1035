import { apiResult } from '../api/api';
import { routes } from '../contract/operations/routes';
import { flushPreferences } from '../preferences/personalPreferences';
import { authStore } from '../session/authStore';

/** Ends the session on the server (best effort) and wipes it from the browser. */
export async function signOut(): Promise<void> {
  await flushPreferences();
  const { refreshToken, token } = authStore.getState();
  if (token) await apiResult(routes.authLogout, { body: { refreshToken } });
  authStore.getState().setLoginError(null);
  authStore.getState().clearSession();
}
