import {
  BACKUP_KINDS,
  LEAD_ACTION_KINDS,
  LEAD_HISTORY_KINDS,
  LEAD_SOURCES,
  NOTIFICATION_KINDS,
  NOTIFICATION_SEVERITIES,
  RELEASE_ACTIONS,
  REMOTE_REPORT_PHASES,
  REMOTE_NAMES,
  ROLES,
  SYNC_RUN_STATUSES,
  SYNC_STEP_IDS,
  SYNC_TRIGGERS,
} from '@auditdesk/shared/core';
import { sql } from 'drizzle-orm';
import { weekOfMonthStartSql } from '../time/weekOfMonthStart';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Stored lower-cased: e-mail addresses are compared without case. */
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  role: text('role', { enum: ROLES }).notNull().default('User'),
  passwordHash: text('password_hash'),
  /** Has access: may sign in. Revoking access clears it and stamps revokedAt. */
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  revokedAt: text('revoked_at'),
  notes: text('notes'),
  lastLoginAt: text('last_login_at'),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * One sign-in: what its access tokens name (the `sid` claim) and its refresh tokens belong
 * to. Revoking it ends the sign-in at the next request; it never outlives expiresAt.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    /** The absolute end of the sign-in, however often its tokens rotate. */
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens are kept only as hashes; each belongs to one session (its family). */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (sessions.id) this token rotates within. */
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
  /** Set when the link dies unspent: a newer link, deactivation or revocation. */
  revokedAt: text('revoked_at'),
  createdAt: text('created_at').notNull().default(now),
  /**
   * Who made it: 'admin' (an invitation, an Admin's link, the command line), which ends every
   * older link, or 'reset' (the person's own "Forgot password?"), which ends only older resets.
   */
  purpose: text('purpose', { enum: ['admin', 'reset'] })
    .notNull()
    .default('admin'),
});

/**
 * Agenda feeds: a secret address per phone that subscribes to one auditor's visits. Only the
 * token's hash is kept; a revoked feed answers like an unknown one.
 */
export const agendaFeeds = sqliteTable('agenda_feeds', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  auditor: text('auditor').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  /** The e-mail address of who made it. */
  createdBy: text('created_by').notNull(),
  createdAt: text('created_at').notNull().default(now),
  /** The last time a calendar read it: a feed nobody reads any more can go. */
  lastReadAt: text('last_read_at'),
  revokedAt: text('revoked_at'),
});

/** Leads: from the calendar (keyed by leadId) or entered by hand. Never hard-deleted by a sync. */
export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: text('lead_id').notNull().unique(),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('calendar'),
    isFormatted: integer('is_formatted', { mode: 'boolean' }).notNull().default(true),
    customerName: text('customer_name').notNull().default(''),
    /** The service address of the visit (the event's LOCATION). */
    address: text('address').notNull().default(''),
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
    /** The visit's time is a day (an all-day event, a date without a time): scheduledDate names it at 00:00 UTC. */
    allDay: integer('all_day', { mode: 'boolean' }).notNull().default(false),
    /** When the visit ends, ISO 8601 in UTC; null when unknown. */
    endDate: text('end_date'),
    /** Week of the month of scheduledDate (event-format.md); null without a date. */
    week: integer('week'),
    linkId: text('link_id').notNull().default(''),
    comments: text('comments').notNull().default(''),
    /** SHA-256 of the synced fields: an unchanged lead is not rewritten. */
    contentHash: text('content_hash').notNull().default(''),
    lastSyncedAt: text('last_synced_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    deletedAt: text('deleted_at'),
    /**
     * Who deleted it: 'office' (a person here: it stays deleted when the sync sees its event
     * again), 'calendar' (its event is gone) or 'merged' (merged into `mergedInto`); null while
     * it is live.
     */
    deletedBy: text('deleted_by', { enum: ['office', 'calendar', 'merged'] }),
    /**
     * The lead this one was merged into (DESIGN.md section 24): its history joins that lead's,
     * links to it open that lead, and a sync takes its event for that lead's.
     */
    mergedInto: integer('merged_into'),
    /** A calendar lead whose event is gone while it holds office values: kept, for review. */
    calendarDeletedAt: text('calendar_deleted_at'),
    /** The calendar changed a field the office changed too, or deleted the event: a person decides. */
    needsReview: integer('needs_review', { mode: 'boolean' }).notNull().default(false),
    /** Bumped by every write: the lead's ETag, for edits that must not overwrite each other. */
    version: integer('version').notNull().default(1),
    /**
     * Where the event is at its source, for writing it back (writeBack/): the CalDAV object's
     * URL, the Google or Graph event id (of the instance itself for one of a series); null for
     * ICS files and URLs. Not part of the content hash.
     */
    eventRef: text('event_ref'),
    /** The event's ETag as the sync last read it: a write-back sends it in If-Match. */
    eventEtag: text('event_etag'),
    /** For one instance of a recurring CalDAV series: its RECURRENCE-ID in UTC (`20250304T140000Z`). */
    eventInstance: text('event_instance'),
  },
  (table) => [
    index('leads_scheduled_date_idx').on(table.scheduledDate),
    index('leads_auditor_scheduled_date_idx').on(table.auditor, table.scheduledDate),
    index('leads_merged_into_idx')
      .on(table.mergedInto)
      .where(sql`merged_into IS NOT NULL`),
    // the scheduling grid's first pass (leadGrid.ts) reads only this index, in its order: the
    // leads come grouped by auditor (without case, as the grid asks), the week of the month of
    // their UTC day and the values it counts, so the grouping needs no sort. The columns of the
    // WHERE are held too: SQLite reads a partial index as covering only then.
    index('leads_grid_week_idx')
      .on(
        sql`${table.auditor} COLLATE NOCASE`,
        weekOfMonthStartSql(sql`${table.scheduledDate}`),
        table.status,
        sql`trim(${table.referredBy}) <> ''`,
        table.heatingFuel,
        table.provider,
        table.houseType,
        table.allDay,
        table.scheduledDate,
        table.deletedAt,
        table.isFormatted,
      )
      .where(sql`deleted_at IS NULL AND is_formatted = 1 AND scheduled_date IS NOT NULL`),
  ],
);

/**
 * Every change of a lead, field by field, written in the same batch as the change: who
 * (a person, or a sync run) changed what from what to what, and when. `field` is a lead
 * field's name; a lead created or deleted is one row without a field.
 */
export const leadHistory = sqliteTable(
  'lead_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leadId: integer('lead_id').notNull(),
    kind: text('kind', { enum: LEAD_HISTORY_KINDS }).notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    userId: integer('user_id'),
    runId: integer('run_id'),
    /** The bulk change or import this entry belongs to; null for a single edit or a sync. */
    actionId: integer('action_id'),
    at: text('at').notNull(),
  },
  (table) => [
    index('lead_history_lead_idx').on(table.leadId, table.id),
    index('lead_history_action_idx').on(table.actionId),
  ],
);

/**
 * The office's value of a calendar lead's field, beside the calendar's value as last synced:
 * the lead shows the office's value, and a sync updates only the calendar's. When the calendar
 * changes a field the office changed too, the row is a conflict until a person decides.
 */
export const leadOfficeValues = sqliteTable(
  'lead_office_values',
  {
    leadId: integer('lead_id').notNull(),
    field: text('field').notNull(),
    officeValue: text('office_value'),
    calendarValue: text('calendar_value'),
    /** Who set the office's value, and when. */
    userId: integer('user_id'),
    at: text('at').notNull(),
    /** The sync run that last changed the calendar's value after the office's edit, and when. */
    calendarRunId: integer('calendar_run_id'),
    calendarAt: text('calendar_at'),
    conflict: integer('conflict', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.leadId, table.field] })],
);

/** A change of many leads at once (a bulk action, an import): who, when, what it was called. */
export const leadActions = sqliteTable(
  'lead_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: LEAD_ACTION_KINDS }).notNull(),
    /** What a person reads in the history, e.g. "import leads.csv". */
    label: text('label').notNull(),
    userId: integer('user_id'),
    leadCount: integer('lead_count').notNull().default(0),
    at: text('at').notNull(),
    /** When it was undone, and by whom; null while it stands. */
    undoneAt: text('undone_at'),
    undoneBy: integer('undone_by'),
    /** An import's file, as the SHA-256 of its bytes: the same file chosen again is recognised. */
    contentHash: text('content_hash'),
  },
  (table) => [index('lead_actions_content_hash_idx').on(table.contentHash)],
);

/**
 * A run's leads on their way into `leads`: a large run is written here in chunks, then
 * applied in one atomic batch, so a crash at any point leaves `leads` as before the run.
 */
export const leadsStaging = sqliteTable(
  'leads_staging',
  {
    runId: integer('run_id').notNull(),
    leadId: text('lead_id').notNull(),
    /** The lead's synced fields as JSON (the leads repository reads them back). */
    payload: text('payload').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.leadId] })],
);

/**
 * An import's rows on their way into `leads`, as the sync's staging is: a large file is
 * written here in chunks, then applied in one atomic batch that also empties it.
 */
export const leadImportStaging = sqliteTable(
  'lead_import_staging',
  {
    /** The import the rows belong to (a random key: its action's id is taken only at the end). */
    importKey: text('import_key').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['create', 'update'] }).notNull(),
    /** The row as JSON: a new lead's fields, or an existing lead's id and changes. */
    payload: text('payload').notNull(),
    stagedAt: text('staged_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importKey, table.seq] })],
);

/**
 * The sync's final batch starts by inserting its run here: a trigger (migration 0010) aborts
 * the batch unless the run still holds the lease, and the primary key aborts a batch that D1
 * already ran once and is sent again; the counts are what the batch itself changed.
 */
export const syncApplied = sqliteTable('sync_applied', {
  runId: integer('run_id').primaryKey(),
  written: integer('written').notNull().default(0),
  deleted: integer('deleted').notNull().default(0),
});

/** Every sync run, also the failed and the interrupted ones; the running one holds a lease. */
export const syncRuns = sqliteTable(
  'sync_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: SYNC_RUN_STATUSES }).notNull(),
    trigger: text('trigger', { enum: SYNC_TRIGGERS }).notNull(),
    userId: integer('user_id'),
    /** The instance running it (host:pid), for the record. */
    owner: text('owner').notNull().default(''),
    /** Renewed by the running instance; a run whose heartbeat is older than the lease is dead. */
    heartbeatAt: text('heartbeat_at'),
    /** The last time the run reported progress; a run silent too long is stalled. */
    progressAt: text('progress_at'),
    /** The step the run reached. */
    stage: text('stage', { enum: SYNC_STEP_IDS }),
    /** Where it read and wrote ("calendar demo.ics", "spreadsheet leads.xlsx"). */
    source: text('source').notNull().default(''),
    sink: text('sink').notNull().default(''),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    startedAt: text('started_at').notNull().default(now),
    finishedAt: text('finished_at'),
    message: text('message').notNull().default(''),
    eventsProcessed: integer('events_processed').notNull().default(0),
    eventsCreated: integer('events_created').notNull().default(0),
    eventsUpdated: integer('events_updated').notNull().default(0),
    eventsDeleted: integer('events_deleted').notNull().default(0),
    sheetWritten: integer('sheet_written').notNull().default(0),
    sheetRemoved: integer('sheet_removed').notNull().default(0),
    /** Fingerprint of the run's leads and range: an identical re-run may skip both writes. */
    runHash: text('run_hash'),
    /** Fingerprint of the calendar's raw content and range: an identical re-run need not even parse it. */
    sourceHash: text('source_hash'),
  },
  (table) => [
    index('sync_runs_status_idx').on(table.status),
    // the lock: at most one running run per database, whatever the number of instances
    uniqueIndex('sync_runs_one_running')
      .on(table.status)
      .where(sql`status = 'running'`),
  ],
);

/**
 * A counter per data set, bumped in the same batch as every write to it: the ETag of the
 * reads built from it, and the signal that a cached answer is stale.
 */
export const dataVersions = sqliteTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Something a person should know: a finished sync, an access change. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    severity: text('severity', { enum: NOTIFICATION_SEVERITIES }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    /** Where clicking it goes in the app (/sync, /user-management). */
    link: text('link').notNull().default(''),
    /** Who sees it: one user, the holders of a role, or (both null) everyone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('notifications_created_idx').on(table.createdAt)],
);

/** Per-user read state of notifications. */
export const notificationReads = sqliteTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: text('read_at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.userId] })],
);

/** What the app e-mails people (DESIGN.md section 20). */
export const MAIL_KINDS = ['invitation', 'password-reset', 'password-changed'] as const;

/**
 * E-mails waiting to go out, kept in the database so that a restart or a dead SMTP server
 * loses none: each is tried until it is sent or given up, with growing pauses. The body
 * of a sent or abandoned mail is blanked, as it may hold a live password link.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(now),
    /** An instance sending it holds it until then (several instances share one outbox). */
    claimedUntil: text('claimed_until'),
    lastError: text('last_error'),
    sentAt: text('sent_at'),
    gaveUpAt: text('gave_up_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (table) => [index('mail_outbox_due_idx').on(table.sentAt, table.gaveUpAt, table.nextAttemptAt)],
);

/**
 * A calendar lead's office values waiting to be written to its event (CALENDAR_WRITE_BACK=on):
 * one row per lead, stored with the edit, so a restart loses none. Gone once the event says
 * what the office says; held while the lead needs review.
 */
export const calendarWrites = sqliteTable(
  'calendar_writes',
  {
    leadId: integer('lead_id').primaryKey(),
    /** The latest edit that asked for it: a write claimed before a newer edit does not end it. */
    requestedAt: text('requested_at').notNull(),
    /** Who made that edit (the history's write-back entry names them). */
    userId: integer('user_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    /** An instance writing it holds it until then (several instances share the table). */
    claimedUntil: text('claimed_until'),
    /** Why the last attempt did not reach the calendar, as a person reads it. */
    lastError: text('last_error'),
    /**
     * When the calendar refused the write for good (400, 413, 415, 422: what was sent, not the
     * moment); it is not tried again until a new edit asks for a write.
     */
    failedAt: text('failed_at'),
  },
  (table) => [index('calendar_writes_due_idx').on(table.nextAttemptAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type MailRow = typeof mailOutbox.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];

/** What follows a person between browsers (issue 21): one JSON document of `preferences` per user. */
export const userPreferences = sqliteTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  document: text('document').notNull(),
  updatedAt: text('updated_at').notNull().default(now),
});

/**
 * Saved views of the leads screen (DESIGN.md section 17): a named `leadsViewState` document,
 * its owner's alone or shared with everyone. Names are unique per owner, without case.
 */
export const savedViews = sqliteTable(
  'saved_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name lower-cased: what makes two names the same. */
    nameKey: text('name_key').notNull(),
    shared: integer('shared', { mode: 'boolean' }).notNull().default(false),
    state: text('state').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (table) => [uniqueIndex('saved_views_owner_name').on(table.ownerId, table.nameKey)],
);

/** The view an empty leads URL opens, per person; deleting the view ends it. */
export const defaultViews = sqliteTable('default_views', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  viewId: integer('view_id')
    .notNull()
    .references(() => savedViews.id, { onDelete: 'cascade' }),
});

/**
 * Pairs of leads a person said are not the same household (issue 21): the possible
 * duplicates leave them out, for everyone. Kept as (smaller id, larger id).
 */
export const duplicateDismissals = sqliteTable(
  'duplicate_dismissals',
  {
    leadA: integer('lead_a').notNull(),
    leadB: integer('lead_b').notNull(),
    /** Who said so (like lead_history, kept when the account goes). */
    userId: integer('user_id'),
    at: text('at').notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.leadA, table.leadB] })],
);
/** Published releases of the remotes (DESIGN.md section 19): never changed once written. */
export const remoteReleases = sqliteTable(
  'remote_releases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version').notNull(),
    commit: text('commit').notNull(),
    builtAt: text('built_at').notNull(),
    notes: text('notes').notNull().default(''),
    /** The release's mf-manifest.json and shared-usage.json, for the check before a promotion. */
    manifest: text('manifest').notNull(),
    sharedUsage: text('shared_usage'),
    publishedAt: text('published_at').notNull().default(now),
  },
  (table) => [uniqueIndex('remote_releases_version_idx').on(table.remote, table.version)],
);

/** Every change of a remote's live version; the newest one per remote says what is live. */
export const releaseChanges = sqliteTable(
  'release_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    action: text('action', { enum: RELEASE_ACTIONS }).notNull(),
    /** null: the build the server serves itself */
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    /** A stage's audience in words, after the change */
    audience: text('audience'),
    /** Why: what the watch saw, when it aborted or rolled back by itself */
    reason: text('reason'),
    by: text('by').notNull(),
    at: text('at').notNull().default(now),
  },
  (table) => [index('release_changes_remote_idx').on(table.remote, table.id)],
);

/**
 * The release each remote tries on some people before everyone (DESIGN.md section 26): one
 * row per remote while a stage lasts. Each change of a stage is a new row (a new id), so a
 * change made on a stage someone else changed meanwhile finds nothing to change.
 */
export const releaseStages = sqliteTable(
  'release_stages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version').notNull(),
    /** JSON: {kind:'role',role} | {kind:'share',share} | {kind:'users',userIds} */
    audience: text('audience').notNull(),
    by: text('by').notNull(),
    startedAt: text('started_at').notNull().default(now),
  },
  (table) => [uniqueIndex('release_stages_remote_idx').on(table.remote)],
);

/** A release an Admin previews for themselves only, until it runs out. */
export const releasePreviews = sqliteTable(
  'release_previews',
  {
    userId: integer('user_id').notNull(),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.remote] })],
);

/** Remote page loads and failed loads reported by the browsers, kept a few days. */
export const remoteLoads = sqliteTable(
  'remote_loads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version'),
    /** null: the page loaded; render: it loaded, then crashed */
    phase: text('phase', { enum: REMOTE_REPORT_PHASES }),
    error: text('error'),
    route: text('route'),
    userId: integer('user_id'),
    /** The tab (one page load) that reported it: the release it loaded stays its own */
    tab: text('tab'),
    at: text('at').notNull().default(now),
  },
  (table) => [
    index('remote_loads_release_idx').on(table.remote, table.version, table.at),
    index('remote_loads_at_idx').on(table.at),
    index('remote_loads_tab_idx').on(table.tab),
  ],
);
export type RemoteReleaseRow = typeof remoteReleases.$inferSelect;
export type ReleaseChangeRow = typeof releaseChanges.$inferSelect;

/**
 * D1's restore points: the Time Travel bookmark recorded before each change one undo cannot
 * take back (Cloudflare keeps every minute; this names the ones that matter). A restore carries
 * the rows made after its point across, so none is lost by going back.
 */
export const backupPoints = sqliteTable(
  'backup_points',
  {
    name: text('name').primaryKey(),
    kind: text('kind', { enum: BACKUP_KINDS }).notNull(),
    reason: text('reason').notNull(),
    bookmark: text('bookmark').notNull(),
    at: text('at').notNull(),
    /** The main tables' rows then (JSON), the newest lead history entry, and the schema it was at (migrations applied, the newest one's time). */
    counts: text('counts').notNull().default('{}'),
    historyMaxId: integer('history_max_id').notNull().default(0),
    schemaApplied: integer('schema_applied').notNull().default(0),
    schemaLatestWhen: integer('schema_latest_when').notNull().default(0),
  },
  (table) => [index('backup_points_at_idx').on(table.at)],
);

/** Every restore: who restored what, when, and the point made just before it (to undo it). Carried across later restores. */
export const backupRestores = sqliteTable('backup_restores', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  at: text('at').notNull(),
  by: text('by').notNull(),
  point: text('point').notNull(),
  pointReason: text('point_reason').notNull(),
  undoPoint: text('undo_point'),
  /** The migrations applied to bring it to this release (JSON array). */
  migrated: text('migrated').notNull().default('[]'),
});
export type BackupPointRow = typeof backupPoints.$inferSelect;
export type BackupRestoreRow = typeof backupRestores.$inferSelect;
export type ReleaseStageRow = typeof releaseStages.$inferSelect;
