import { API_ERRORS } from '../api/apiErrors';
import { apiResult } from '../api/api';
import { routes } from '../contract/operations/routes';
import type { AuthUser } from '../session/authTypes';
import { startSession } from './startSession';
import { hasJwtShape } from '../session/tokenExpiry';

export type LoginOutcome = { ok: true; user: AuthUser } | { ok: false; error: string };

/** E-mail and password sign-in: stores the tokens and the user, or says why not. */
export async function login(email: string, password: string): Promise<LoginOutcome> {
  const result = await apiResult(routes.authLogin, { body: { email, password } });
  if (!result.success) {
    return { ok: false, error: result.problem?.detail ?? API_ERRORS.loginFailed };
  }
  const token = result.data?.access_token ?? '';
  if (!hasJwtShape(token)) return { ok: false, error: API_ERRORS.invalidTokenFormat };

  const user = await startSession({ token, refreshToken: result.data?.refresh_token ?? null }, email);
  return { ok: true, user };
}
