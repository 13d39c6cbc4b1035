import { authStore } from '../session/authStore';
import { routes } from '../contract/operations/routes';
import { devFallback, wantsDevFallback, withDevDeadline } from './devFallback/devFallback';
import { API_ERRORS } from './apiErrors';
import type { ApiRequestOptions, ApiResult } from './apiTypes';
import { refreshSession } from './refreshSession';
import { sendRequest } from './sendRequest';

/** Calls that must not trigger a refresh: a 401 there ends the session at once. */
const SESSION_CALLS: string[] = [
  routes.authLogin,
  routes.authRefresh,
  routes.authLogout,
  routes.authExchange,
].map((operation) => operation.path);

function endSession<T>(result: ApiResult<T>): ApiResult<T> {
  authStore.getState().clearSession();
  return { ...result, error: API_ERRORS.authenticationRequired };
}

/**
 * Calls the API. A 401 triggers one token refresh and one retry; a second 401 (or a 401
 * on a session call) clears the session, which sends the protected routes to /login.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const { token } = authStore.getState();
  const deadline = withDevDeadline(token, options);
  const first = await sendRequest<T>(path, deadline.options, token).finally(deadline.done);
  if (wantsDevFallback(token, first)) return devFallback<T>(path);
  if (first.status !== 401) return first;
  if (SESSION_CALLS.includes(path) || !(await refreshSession())) return endSession(first);
  const retry = await sendRequest<T>(path, options, authStore.getState().token);
  return retry.status === 401 ? endSession(retry) : retry;
}
