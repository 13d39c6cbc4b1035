// The domain's words, written once. Plain constants (no zod) so that browser code can
// import them without pulling the schema library into the first load.

export const ROLES = ['Admin', 'Manager', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** Statuses the parser and the screens know; any other text is kept as written. */
export const LEAD_STATUSES = ['New', 'Scheduled', 'Completed', 'Cancelled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Normalized heating fuels (event-format.md); other text is kept as written. */
export const FUEL_TYPES = ['Gas', 'Oil', 'Propane', 'Electricity'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** Normalized utility providers (event-format.md); other text is kept as written. */
export const PROVIDERS = ['National Grid', 'EverSource'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The four house types a formatted lead has, with their dwelling units. */
export const HOUSE_TYPES = ['Single Family', '2 Family', '3 Family', '4 Family'] as const;
export type HouseType = (typeof HOUSE_TYPES)[number];
export const UNITS_PER_HOUSE_TYPE: Record<HouseType, number> = {
  'Single Family': 1,
  '2 Family': 2,
  '3 Family': 3,
  '4 Family': 4,
};

/** Where a lead came from. */
export const LEAD_SOURCES = ['calendar', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * What happened to a lead in one history entry: created, one field changed, deleted or
 * restored; the calendar changed a field the office had changed ('conflict'; with no field:
 * the calendar deleted the event), or a person kept the office's value over the calendar's.
 */
export const LEAD_HISTORY_KINDS = [
  'created',
  'changed',
  'deleted',
  'restored',
  'conflict',
  'kept',
  // an office value written to the event (CALENDAR_WRITE_BACK=on), or a write refused because
  // the event had changed in the calendar meanwhile (with the calendar's new value: needs review)
  'written-back',
  'write-conflict',
  // another lead merged into this one (old value: its customer name, new value: its Lead ID)
  'merged',
] as const;
export type LeadHistoryKind = (typeof LEAD_HISTORY_KINDS)[number];

/**
 * Whether office edits reach the calendar (CALENDAR_WRITE_BACK): written back, kept here only
 * because write-back is off, or kept here only because the calendar is an ICS file or URL.
 */
export const WRITE_BACK_MODES = ['on', 'off', 'read-only source'] as const;
export type WriteBackMode = (typeof WRITE_BACK_MODES)[number];

/** What changed many leads at once, under one action that can be named (and undone). */
/** What becomes of a merged-away lead's calendar event, with write-back on: left as it is, or cancelled. */
export const GONE_EVENT_CHOICES = ['leave', 'cancel'] as const;
export type GoneEventChoice = (typeof GONE_EVENT_CHOICES)[number];

/** 'undo': the undo of another action, which puts back what that one changed. */
/** 'merge': two leads of one household made one (DESIGN.md section 24). */
export const LEAD_ACTION_KINDS = ['bulk', 'import', 'undo', 'merge'] as const;
export type LeadActionKind = (typeof LEAD_ACTION_KINDS)[number];

/**
 * What a database table holds: the business's records (leads, people, runs…), or the
 * app's own bookkeeping (migrations, sign-ins, links, the mail outbox, caches' versions).
 */
export const TABLE_PURPOSES = ['business', 'bookkeeping'] as const;
export type TablePurpose = (typeof TABLE_PURPOSES)[number];

/** The three steps of a sync run, in order. */
export const SYNC_STEP_IDS = ['calendar', 'spreadsheet', 'database'] as const;
export type SyncStepId = (typeof SYNC_STEP_IDS)[number];

/** Who or what started a sync run. */
export const SYNC_TRIGGERS = ['api', 'cli', 'schedule', 'first-start'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];

export const SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/** The scheduling statistics' periods (spec section 9). */
export const TIMEFRAMES = ['month', 'bimonth', 'quarter', 'year'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'sync-succeeded',
  'sync-failed',
  'access-granted',
  'access-revoked',
  'role-changed',
  'user-deleted',
  'mail-failed',
  'release-promoted',
  'release-rolled-back',
  'backup-failed',
  'backup-copy-failed',
  'data-restored',
  'release-staged',
  'release-aborted',
  'calendar-write-refused',
  'lead-action-undone',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_SEVERITIES = ['info', 'success', 'error'] as const;

/** The steps a release's stage for a share of people goes through (in %) on Advance; after the last, everyone. */
export const STAGE_SHARE_STEPS = [5, 10, 25, 50] as const;

/** The events the sync hub sends (spec section 7, and the bell's) and the methods a client may invoke. */
export const HUB_EVENT_NAMES = [
  'SyncStarted',
  'StepStarted',
  'StepProgress',
  'StepCompleted',
  'SyncCompleted',
  'SyncError',
  'NotificationAdded',
  'RemoteReleased',
  'DataRestored',
] as const;
export type HubEventName = (typeof HUB_EVENT_NAMES)[number];
export const HUB_METHODS = ['JoinSyncGroup', 'LeaveSyncGroup'] as const;

/** The leads waiting for a person to settle a conflict, as a sync's outcome and notification name them. */
export const needsReviewSentence = (count: number): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'lead needs' : 'leads need'} review`;
/**
 * Why the server closes a connection for good: the person lost access (revoked, deactivated,
 * deleted), or the sign-in ended. The browser ends the session on the first and says why on
 * /login; a refresh refused to one who lost access says the same.
 */
export const HUB_CLOSE_REASONS = {
  accessEnded: 'Your access to Auditdesk has ended.',
  signedOut: 'You signed out of Auditdesk.',
} as const;

/** The most days one agenda (a print, an .ics) covers: a month. */
export const AGENDA_MAX_DAYS = 31;
