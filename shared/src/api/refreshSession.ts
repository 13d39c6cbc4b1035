import { readStoredSession } from '../session/authStorage';
import { authStore } from '../session/authStore';
import { withCrossTabLock } from '../session/crossTabLock';
import { isTokenExpired } from '../session/tokenExpiry';
import { routes } from '../contract/operations/routes';
import { HUB_CLOSE_REASONS } from '../contract/vocabulary';
import type { AnswerOf } from '../contract/operations/operationTypes';
import { sendRequest } from './sendRequest';

let inFlight: Promise<boolean> | null = null;

/**
 * One refresh for every tab: under a lock shared by the tabs, a tab first looks at the
 * stored session, since another tab may have rotated the tokens while it waited; only
 * when nobody did does it spend the stored (newest) refresh token. A tab that sent an old
 * refresh token would end the whole sign-in (reuse detection).
 */
async function refreshOnce(staleToken: string | null): Promise<boolean> {
  return withCrossTabLock('auditdesk-session-refresh', async () => {
    const stored = readStoredSession();
    if (stored.token && stored.token !== staleToken && !isTokenExpired(stored.token)) {
      authStore.getState().setTokens({ token: stored.token, refreshToken: stored.refreshToken });
      return true;
    }
    const refreshToken = stored.refreshToken ?? authStore.getState().refreshToken;
    if (!refreshToken) return false;
    // straight to the server: a refresh must not itself be refreshed on a 401
    const { path, method } = routes.authRefresh;
    const result = await sendRequest<AnswerOf<'authRefresh'>>(path, { method, body: { refreshToken } }, null);
    const token = result.data?.accessToken ?? result.data?.access_token;
    // the server says why when the person lost access: the sign-in page says it too
    if (result.problem?.detail === HUB_CLOSE_REASONS.accessEnded)
      authStore.getState().setLoginError(HUB_CLOSE_REASONS.accessEnded);
    if (!result.success || !token) return false;
    authStore.getState().setTokens({
      token,
      refreshToken: result.data?.refreshToken ?? result.data?.refresh_token ?? refreshToken,
    });
    return true;
  });
}

/**
 * Trades the refresh token for new tokens. Concurrent callers in this tab share one
 * request, and the tabs of this browser share one refresh between them.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= refreshOnce(authStore.getState().token).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
