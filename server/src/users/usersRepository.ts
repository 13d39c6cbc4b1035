import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/openDatabase';
import { users, type Role, type UserRow } from '../db/schema';

export interface NewUser {
  email: string;
  fullName: string;
  role: Role;
  passwordHash?: string | null;
  notes?: string | null;
}

const nowIso = () => new Date().toISOString();

export function createUsersRepository(db: AppDatabase) {
  return {
    findByEmail(email: string): UserRow | undefined {
      return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
    },

    findById(id: number): UserRow | undefined {
      return db.select().from(users).where(eq(users.id, id)).get();
    },

    list(): UserRow[] {
      return db.select().from(users).orderBy(asc(users.email)).all();
    },

    countActiveAdmins(): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .where(and(eq(users.role, 'Admin'), eq(users.isActive, true)))
          .get()?.n ?? 0
      );
    },

    remove(id: number): void {
      db.delete(users).where(eq(users.id, id)).run();
    },

    count(): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .get()?.n ?? 0
      );
    },

    create(user: NewUser): UserRow {
      return db
        .insert(users)
        .values({ ...user, email: user.email.trim().toLowerCase() })
        .returning()
        .get();
    },

    update(id: number, changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>): UserRow | undefined {
      return db
        .update(users)
        .set({ ...changes, updatedAt: nowIso() })
        .where(eq(users.id, id))
        .returning()
        .get();
    },

    recordLogin(id: number): void {
      db.update(users).set({ lastLoginAt: nowIso() }).where(eq(users.id, id)).run();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
