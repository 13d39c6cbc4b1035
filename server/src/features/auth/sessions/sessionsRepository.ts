import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { sessions, users, type SessionRow, type UserRow } from '../../../platform/db/schema';

const nowIso = () => new Date().toISOString();

/** All SQL on the sessions table: one row per sign-in. */
export function createSessionsRepository({ orm }: Database) {
  return {
    async create(session: {
      id: string;
      userId: number;
      createdAt: string;
      expiresAt: string;
    }): Promise<void> {
      await orm.insert(sessions).values(session).run();
    },

    async find(id: string): Promise<SessionRow | undefined> {
      return orm.select().from(sessions).where(eq(sessions.id, id)).get();
    },

    /**
     * The user of a live session, in one query (the one read every authenticated request
     * costs): undefined when the user is gone or inactive, or the session revoked or over.
     */
    /** Whether the account exists and has lost its access (revoked or deactivated). */
    async lostAccess(userId: number): Promise<boolean> {
      const row = await orm
        .select({ isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      return row !== undefined && !row.isActive;
    },

    async activeUser(userId: number, sessionId: string): Promise<UserRow | undefined> {
      const row = await orm
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            eq(users.isActive, true),
          ),
        )
        .get();
      if (!row || Date.parse(row.expiresAt) <= Date.now()) return undefined;
      return row.user;
    },

    async revoke(id: string): Promise<void> {
      await orm
        .update(sessions)
        .set({ revokedAt: nowIso() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .run();
    },

    async revokeAllOfUser(userId: number): Promise<void> {
      await orm
        .update(sessions)
        .set({ revokedAt: nowIso() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .run();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
