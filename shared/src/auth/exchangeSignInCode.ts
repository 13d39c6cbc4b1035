import { apiResult } from '../api/api';
import { routes } from '../contract/operations/routes';
import type { AuthUser } from '../session/authTypes';
import { startSession } from './startSession';
import { hasJwtShape } from '../session/tokenExpiry';

/**
 * Finishes an identity-provider sign-in: trades the one-time code of the return address
 * for tokens (only this browser, which started the sign-in, can) and stores the session.
 */
export async function exchangeSignInCode(code: string): Promise<AuthUser | null> {
  const result = await apiResult(routes.authExchange, { body: { code } });
  const data = result.data;
  if (!result.success || !data || !hasJwtShape(data.access_token)) return null;
  return startSession({ token: data.access_token, refreshToken: data.refresh_token }, data.user, data.name);
}
