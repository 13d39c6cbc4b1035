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

/** Leads: from the calendar (keyed by leadId) or entered by hand. Never hard-deleted by a sync. */
export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: text('lead_id').notNull().unique(),
    source: text('source', { enum: ['calendar', 'manual'] })
      .notNull()
      .default('calendar'),
    isFormatted: integer('is_formatted', { mode: 'boolean' }).notNull().default(true),
    customerName: text('customer_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    auditor: text('auditor').notNull().default(''),
    houseType: text('house_type').notNull().default(''),
    heatingFuel: text('heating_fuel').notNull().default(''),
    provider: text('provider').notNull().default(''),
    referredBy: text('referred_by').notNull().default(''),
    scheduledBy: text('scheduled_by').notNull().default(''),
    status: text('status').notNull().default(''),
    /** ISO 8601 in UTC; empty for a manual lead without a date */
    scheduledDate: text('scheduled_date'),
    weekView: text('week_view').notNull().default(''),
    linkId: text('link_id').notNull().default(''),
    comments: text('comments').notNull().default(''),
    /** SHA-256 of the synced fields: an unchanged lead is not rewritten. */
    contentHash: text('content_hash').notNull().default(''),
    lastSyncedAt: text('last_synced_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    deletedAt: text('deleted_at'),
  },
  (table) => [
    index('leads_scheduled_date_idx').on(table.scheduledDate),
    index('leads_auditor_scheduled_date_idx').on(table.auditor, table.scheduledDate),
    // covers the scheduling grid's one pass: it reads this index, not the table
    index('leads_grid_idx')
      .on(
        table.auditor,
        table.scheduledDate,
        table.weekView,
        table.status,
        table.referredBy,
        table.heatingFuel,
        table.provider,
        table.houseType,
      )
      .where(sql`deleted_at IS NULL AND is_formatted = 1`),
  ],
);

/** Every sync run, also the failed and the interrupted ones. */
export const syncRuns = sqliteTable(
  'sync_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['api', 'cli', 'schedule', 'first-start'] }).notNull(),
    userId: integer('user_id'),
    /** The process running it, so a run whose process died can be told from a live one. */
    ownerHost: text('owner_host').notNull().default(''),
    ownerPid: integer('owner_pid').notNull().default(0),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    startedAt: text('started_at').notNull().default(now),
    finishedAt: text('finished_at'),
    message: text('message').notNull().default(''),
    eventsProcessed: integer('events_processed').notNull().default(0),
    eventsCreated: integer('events_created').notNull().default(0),
    eventsUpdated: integer('events_updated').notNull().default(0),
    eventsDeleted: integer('events_deleted').notNull().default(0),
  },
  (table) => [index('sync_runs_status_idx').on(table.status)],
);

export type LeadRow = typeof leads.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];
