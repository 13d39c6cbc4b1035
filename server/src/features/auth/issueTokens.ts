import type { UserRow } from '../../platform/db/schema';
import type { UsersRepository } from '../users/usersRepository';
import type { AccessTokens } from './accessTokens';
import type { SignIns } from './sessions/signIns';

/** A new sign-in for a user: an access token and the first refresh token of its session. */
export function createIssueTokens({
  accessTokens,
  signIns,
  users,
}: {
  accessTokens: AccessTokens;
  signIns: SignIns;
  users: Pick<UsersRepository, 'recordLogin'>;
}) {
  return async (user: UserRow) => {
    await users.recordLogin(user.id);
    const { sessionId, refreshToken } = await signIns.start(user.id);
    return {
      access_token: await accessTokens.sign({ userId: user.id, sessionId, role: user.role }),
      refresh_token: refreshToken,
      token_type: 'Bearer' as const,
      expires_in: accessTokens.ttlSeconds,
    };
  };
}

export type IssueTokens = ReturnType<typeof createIssueTokens>;
