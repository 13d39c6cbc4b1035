import { authStore } from '../session/authStore';
import type { AuthTokens, AuthUser } from '../session/authTypes';
import { restorePreferences } from '../preferences/personalPreferences';
import { fetchCurrentUser } from './fetchCurrentUser';

/**
 * Stores a new sign-in's tokens, then the user's profile (or, when it cannot be read, a
 * User named after the e-mail or the given name: spec section 2, /auth/callback), and the
 * person's saved preferences before any screen reads its defaults.
 */
export async function startSession(tokens: AuthTokens, email: string, name?: string): Promise<AuthUser> {
  authStore.getState().setTokens(tokens);
  // both with the new token, side by side: sign-in waits one round-trip, not two
  const [profile] = await Promise.all([fetchCurrentUser(email), restorePreferences()]);
  const user = profile ?? {
    id: email,
    email,
    name: name || email.split('@')[0] || email,
    role: 'User' as const,
  };
  authStore.getState().setSession(tokens, user);
  return user;
}
