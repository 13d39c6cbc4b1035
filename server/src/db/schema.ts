import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Stored lower-cased: e-mail addresses are compared without case. */
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  role: text('role', { enum: ['Admin', 'Manager', 'User'] })
    .notNull()
    .default('User'),
  passwordHash: text('password_hash'),
  /** Has access: may sign in. Revoking access clears it and stamps revokedAt. */
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  revokedAt: text('revoked_at'),
  notes: text('notes'),
  lastLoginAt: text('last_login_at'),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/** Refresh tokens are kept only as hashes; a family is one sign-in and its rotations. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    revokedAt: text('revoked_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** One-time links to set a password, kept only as hashes, valid 24 hours. */
export const passwordLinks = sqliteTable('password_links', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  createdAt: text('created_at').notNull().default(now),
});

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];
