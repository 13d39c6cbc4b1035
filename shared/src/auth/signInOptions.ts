import { apiResult } from '../api/api';
import { routes } from '../contract/operations/routes';

export interface SignInOptions {
  /** "Forgot password?" can e-mail a link (the server has SMTP). */
  passwordResetByEmail: boolean;
  /** What "Sign in with …" calls the identity provider; null when none is configured. */
  identityProvider: string | null;
}

/**
 * What the sign-in pages offer, as the server says (also what user management needs to know:
 * whether the server sends e-mail); null when it could not be asked.
 */
async function fetchSignInOptions(): Promise<SignInOptions | null> {
  const result = await apiResult(routes.authOptions);
  return result.success && result.data ? result.data : null;
}

/** One query for the sign-in pages and user management: asked once a minute at most. */
export const signInOptionsQuery = {
  queryKey: ['auth-options'],
  queryFn: fetchSignInOptions,
  staleTime: 60_000,
};
