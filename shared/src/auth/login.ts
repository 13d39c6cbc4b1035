import { API_ERRORS } from '../api/apiErrors';
import { apiRequest } from '../api/apiRequest';
import { authStore } from './authStore';
import type { AuthUser } from './authTypes';
import { hasJwtShape } from './tokenExpiry';
import { fetchCurrentUser } from './fetchCurrentUser';

interface LoginResponse {
  access_token?: string;
  refresh_token?: string;
}

export type LoginOutcome = { ok: true; user: AuthUser } | { ok: false; error: string };

/** E-mail and password sign-in: stores the tokens and the user, or says why not. */
export async function login(email: string, password: string): Promise<LoginOutcome> {
  const result = await apiRequest<LoginResponse>('/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  if (!result.success) {
    return { ok: false, error: result.problem?.detail ?? API_ERRORS.loginFailed };
  }
  const token = result.data?.access_token ?? '';
  if (!hasJwtShape(token)) return { ok: false, error: API_ERRORS.invalidTokenFormat };

  const store = authStore.getState();
  const tokens = { token, refreshToken: result.data?.refresh_token ?? null };
  store.setTokens(tokens);
  const user = (await fetchCurrentUser(email)) ?? {
    id: email,
    email,
    name: email.split('@')[0] ?? email,
    role: 'User' as const,
  };
  store.setSession(tokens, user);
  return { ok: true, user };
}
