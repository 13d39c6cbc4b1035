import type { AppContext } from '../appContext';
import type { UserRow } from '../db/schema';
import { ACCESS_TOKEN_TTL_SECONDS } from './accessTokens';

/** A new sign-in for the user: an access token and the first refresh token of a family. */
export async function issueTokens({ accessTokens, refreshTokens, users }: AppContext, user: UserRow) {
  users.recordLogin(user.id);
  return {
    access_token: await accessTokens.sign({ userId: user.id, role: user.role }),
    refresh_token: refreshTokens.issue(user.id),
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}
