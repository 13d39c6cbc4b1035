import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users, type Role, type UserRow } from '../../platform/db/schema';

export interface NewUser {
  email: string;
  fullName: string;
  role: Role;
  passwordHash?: string | null;
  notes?: string | null;
}

export type UserChanges = Partial<Omit<UserRow, 'id' | 'createdAt'>>;

const nowIso = () => new Date().toISOString();
const normalizedEmail = (email: string) => email.trim().toLowerCase();

/** All SQL on the users table. */
export function createUsersRepository({ orm }: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return orm
        .select()
        .from(users)
        .where(eq(users.email, normalizedEmail(email)))
        .get();
    },

    async findById(id: number): Promise<UserRow | undefined> {
      return orm.select().from(users).where(eq(users.id, id)).get();
    },

    /** The full names of these users, in one query; a deleted user is missing from the map. */
    async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await orm
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]))
        .all();
      return new Map(rows.map((row) => [row.id, row.fullName]));
    },

    async list(): Promise<UserRow[]> {
      return orm.select().from(users).orderBy(asc(users.email)).all();
    },

    async countActiveAdmins(): Promise<number> {
      const row = await orm
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'Admin'), eq(users.isActive, true)))
        .get();
      return row?.n ?? 0;
    },

    async count(): Promise<number> {
      return (await orm.select({ n: count() }).from(users).get())?.n ?? 0;
    },

    async create(user: NewUser): Promise<UserRow> {
      return orm
        .insert(users)
        .values({ ...user, email: normalizedEmail(user.email) })
        .returning()
        .get();
    },

    async update(id: number, changes: UserChanges): Promise<UserRow | undefined> {
      return orm
        .update(users)
        .set({ ...changes, updatedAt: nowIso() })
        .where(eq(users.id, id))
        .returning()
        .get();
    },

    async remove(id: number): Promise<void> {
      await orm.delete(users).where(eq(users.id, id)).run();
    },

    async recordLogin(id: number): Promise<void> {
      await orm.update(users).set({ lastLoginAt: nowIso() }).where(eq(users.id, id)).run();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
