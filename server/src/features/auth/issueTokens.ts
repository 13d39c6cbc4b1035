import type { AppContext } from './appContext';
import type { UserRow } from '../../platform/db/schema';

/** A new sign-in for the user: an access token and the first refresh token of its session. */
export async function issueTokens({ accessTokens, signIns, users }: AppContext, user: UserRow) {
  await users.recordLogin(user.id);
  const { sessionId, refreshToken } = await signIns.start(user.id);
  return {
    access_token: await accessTokens.sign({ userId: user.id, sessionId, role: user.role }),
    refresh_token: refreshToken,
    token_type: 'Bearer' as const,
    expires_in: accessTokens.ttlSeconds,
  };
}
