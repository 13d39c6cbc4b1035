import { authStore } from '../auth/authStore';
import { sendRequest } from './sendRequest';

interface RefreshResponse {
  accessToken?: string;
  access_token?: string;
  refreshToken?: string;
  refresh_token?: string;
}

let inFlight: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  const { refreshToken } = authStore.getState();
  if (!refreshToken) return false;
  const result = await sendRequest<RefreshResponse>(
    '/auth/refresh',
    { method: 'POST', body: { refreshToken } },
    null,
  );
  const token = result.data?.accessToken ?? result.data?.access_token;
  if (!result.success || !token) return false;
  authStore.getState().setTokens({
    token,
    refreshToken: result.data?.refreshToken ?? result.data?.refresh_token ?? refreshToken,
  });
  return true;
}

/**
 * Trades the refresh token for new tokens. Concurrent callers share one request, so a
 * burst of expired calls rotates the refresh token once.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
