import { ROLES, type Role } from '@auditdesk/shared/core';
import { z } from 'zod';
import { DEFAULT_CALENDAR_LIMITS } from './calendarLimits';
import { DEFAULT_IMPORT_LIMITS } from './importLimits';
import { defaultRemoteUrl, REMOTES, type RemoteDefinition } from './remotes';
import { RUN_LEADS_IN_MEMORY } from './runLeadsInMemory';

const port = z.coerce
  .number({ error: 'expected a port number' })
  .int('expected a whole number')
  .min(1, 'expected a port between 1 and 65535')
  .max(65535, 'expected a port between 1 and 65535');

/** A remote's manifest address: an absolute http(s) URL or a same-origin path. */
const remoteUrl = z
  .string()
  .refine(
    (value) => value.startsWith('/') || /^https?:\/\/[^/]+/.test(value),
    'expected an http(s) URL or a path starting with /',
  );

const optionalText = z.string().trim().min(1).optional();

/** REMOTE_<PATH>_URL for each remote of the manifest (remotes.ts): where its mf-manifest.json is. */
const remoteUrlSettings = Object.fromEntries(
  REMOTES.map((remote) => [
    remote.setting,
    remoteUrl
      .optional()
      .describe(
        `Where the mf-manifest.json of ${remote.folder} is; default ${defaultRemoteUrl(remote)} (same origin). Absolute URLs join the Content-Security-Policy.`,
      ),
  ]),
) as Record<RemoteDefinition['setting'], z.ZodOptional<typeof remoteUrl>>;

const IPV4_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

/**
 * Which proxies may tell the client's address (X-Forwarded-For): none by default, a hop
 * count, or the proxies' addresses/CIDRs. Never "everyone".
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const named = ['loopback', 'linklocal', 'uniquelocal'];
    if (
      entries.length > 0 &&
      entries.every((entry) => named.includes(entry) || IPV4_CIDR.test(entry) || IPV6_CIDR.test(entry))
    )
      return entries;
    context.addIssue({
      code: 'custom',
      message: 'expected false, a hop count, or proxy addresses/CIDRs separated by commas',
    });
    return z.NEVER;
  });
const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

/** Every environment variable the server reads (DESIGN.md section 5). */
export const settingsSchema = z.object({
  /** `production` also serves the built host and remotes (`pnpm start` sets it). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The HTTP port. */
  PORT: port.default(8080),
  /** The interface to listen on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The pino level; JSON lines, tokens and passwords redacted, query strings never logged. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The folder of the SQLite file, the generated JWT secret, the demo calendar and the spreadsheet. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** The SQLite file (with DATABASE=sqlite); default file:$DATA_DIR/auditdesk.db. */
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, 'expected file:<path to the SQLite file>')
    .optional(),
  /** Where the data lives: the local SQLite file, or Cloudflare D1 (shared by several instances). */
  DATABASE: z.enum(['sqlite', 'd1'], { error: 'expected sqlite or d1' }).default('sqlite'),
  /** With DATABASE=d1 (required): the Cloudflare account. */
  D1_ACCOUNT_ID: optionalText,
  /** With DATABASE=d1 (required): the database's id. */
  D1_DATABASE_ID: optionalText,
  /** A Cloudflare API token with D1 Edit (and Account Analytics Read, for the resource page). */
  D1_API_TOKEN: optionalText,
  /** Where Cloudflare's API is reached; /accounts/… and /graphql hang below it. */
  D1_API_ROOT: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .default('https://api.cloudflare.com/client/v4')
    .transform((url) => url.replace(/\/+$/, '')),
  /** The D1 plan's name, shown on the database resource page. */
  D1_PLAN: z.string().trim().min(1).default('Free'),
  /** Ensure this admin exists at start; unset on a new database: an admin is created and its password printed once. */
  ADMIN_EMAIL: z.email('expected an e-mail address').optional(),
  /** The password of ADMIN_EMAIL (12+ characters). */
  ADMIN_PASSWORD: z.string().min(12, 'expected at least 12 characters').optional(),
  /** The HS256 key of access tokens (32+ characters); default generated into $DATA_DIR/jwt-secret. Required with DATABASE=d1: every instance signs with the same key. */
  JWT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** How long an access token lives; a shorter life ends a lost sign-in sooner. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(900),
  /** The address users reach the app at (required in production): password links, the identity provider's return and the hub's allowed origin use it, never the request's Host header. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  ...remoteUrlSettings,
  /** The release store: where `pnpm release` writes each remote's releases, served at /releases/<remote>/<version>/; default $DATA_DIR/releases. */
  RELEASES_DIR: optionalText,
  /** Where browsers fetch releases when the store is copied to a static host (an S3-compatible bucket, a CDN): its base URL, in place of /releases. */
  RELEASES_URL: httpUrl.optional(),
  /** How many releases per remote the store keeps (the live one always). */
  RELEASES_KEEP: z.coerce.number().int().min(2).max(1000).default(20),
  /** The minutes a staged release's failed loads and crashes are compared with the live release's over (the last ones, or since the stage began). */
  RELEASE_WATCH_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** The page loads (loaded or failed) a staged release needs within the watch's minutes before the watch may judge it. */
  RELEASE_WATCH_MIN_LOADS: z.coerce.number().int().min(1).max(100_000).default(5),
  /** How many percentage points more of a staged release's page loads must fail or crash than of the live release's for the stage to be aborted by itself. */
  RELEASE_WATCH_FAILURE_RATE: z.coerce.number().min(1).max(100).default(20),
  /** How long a promotion to everyone stays watched the same way (rolled back by itself when clearly worse than the release before); 0: not at all. */
  RELEASE_WATCH_AFTER_PROMOTION_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  /** How long an Admin's preview of a release (for themselves only) lasts. */
  RELEASE_PREVIEW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Origins besides PUBLIC_URL and the server's own that sign-in may return to (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'expected http(s) origins separated by commas' }))),
  /** The OpenID Connect provider behind 'Sign in with Google'. */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'expected the issuer URL' })
    .default('https://accounts.google.com'),
  /** The app's client at that provider; register <PUBLIC_URL>/api/auth/google-callback as its redirect URI. Unset: the button says sign-in with the provider is not set up. */
  OIDC_CLIENT_ID: optionalText,
  /** The secret of that client. */
  OIDC_CLIENT_SECRET: optionalText,
  /** Accept e-mails the provider does not mark verified (email_verified true); off by default. */
  OIDC_ALLOW_UNVERIFIED_EMAIL: z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Which proxies' X-Forwarded-For to believe: false, a hop count (1 behind one load balancer), or addresses/CIDRs (10.0.0.0/8, loopback). Leave false when clients reach the server directly. */
  TRUST_PROXY: trustProxy,
  /** Sign-in attempts per minute per address (set-password: per address). */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(30),
  /** Sign-in attempts per minute per e-mail from one address (set-password: per link). */
  RATE_LIMIT_LOGIN_PER_EMAIL: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins per minute to one e-mail from all addresses; addresses the account signed in from in the last 30 days are exempt. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  /** Where appointments come from: an ICS file or URL, Google Calendar, CalDAV or Microsoft 365. */
  CALENDAR_SOURCE: z.enum(['ics', 'google', 'caldav', 'microsoft']).default('ics'),
  /**
   * `on`: an office edit of a calendar lead is also written to its event (Google, CalDAV,
   * Microsoft 365; ICS files and URLs stay read-only). Google then needs the calendar.events scope.
   */
  CALENDAR_WRITE_BACK: z.enum(['on', 'off'], { error: 'expected on or off' }).default('off'),
  /** An .ics file path or http(s) URL; default: the generated demo calendar in DATA_DIR. */
  CALENDAR_ICS: optionalText,
  /** The zone of calendar times written without one (floating times). */
  CALENDAR_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone such as America/New_York'),
  /** Where the sync writes the sheet: an .xlsx file or Google Sheets. */
  SPREADSHEET: z.enum(['xlsx', 'google']).default('xlsx'),
  /** The .xlsx file; default $DATA_DIR/leads.xlsx. */
  SPREADSHEET_PATH: optionalText,
  /**
   * The auditors, separated by commas: the scheduling screen compares two at a time, the
   * first two unless someone picks others; every one has an agenda.
   */
  AUDITORS: z
    .string()
    .default('Sam Rivera, Alex Chen')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine(
      (names) =>
        names.length >= 2 &&
        names.length <= 20 &&
        new Set(names.map((name) => name.toLowerCase())).size === names.length,
      'expected 2 to 20 different names separated by commas',
    ),
  /** A cron expression (5 or 6 fields) that syncs the default window (5 days back, 15 ahead). */
  SYNC_CRON: optionalText,
  /** How long a running sync's lease lasts without renewal before another instance may take over. */
  SYNC_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long a running sync may go without progress before it is failed as stalled. */
  SYNC_STALL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Instances of one recurring series one run may take; more fails the run, naming the event. */
  SYNC_MAX_OCCURRENCES_PER_SERIES: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_CALENDAR_LIMITS.occurrencesPerSeries),
  /** Events (instances included) one run may take; more fails the run, nothing written. */
  SYNC_MAX_EVENTS_PER_RUN: z.coerce.number().int().min(1).default(DEFAULT_CALENDAR_LIMITS.eventsPerRun),
  /** Characters one text field of an event may hold (Excel's cell limit by default). */
  SYNC_MAX_TEXT_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(32_767)
    .default(DEFAULT_CALENDAR_LIMITS.textLength),
  /** Sync series that repeat more often than hourly (FREQ=MINUTELY or SECONDLY); off by default. */
  SYNC_ALLOW_SUBHOURLY_RULES: z
    .enum(['true', 'false'], { error: 'expected true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Leads one sync run holds in memory (about 1 KB each); a larger run keeps them in a temporary file on disk. */
  SYNC_LEADS_IN_MEMORY: z.coerce.number().int().min(1).default(RUN_LEADS_IN_MEMORY),
  /** Who may start a sync on demand (comma-separated roles); everyone sees its status and history. */
  SYNC_ROLES: z
    .string()
    .default('Admin,Manager')
    .transform((value, context) => {
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const roles = names.map((name) => ROLES.find((role) => role.toLowerCase() === name.toLowerCase()));
      if (names.length > 0 && roles.every(Boolean)) return roles as Role[];
      context.addIssue({
        code: 'custom',
        message: `expected roles among ${ROLES.join(', ')}, separated by commas`,
      });
      return z.NEVER;
    }),
  /** Syncs one person may start per hour. */
  RATE_LIMIT_SYNC_PER_USER: z.coerce.number().int().positive().default(30),
  /** The calendar at Google. */
  GOOGLE_CALENDAR_ID: z.string().trim().min(1).default('primary'),
  /** The spreadsheet at Google (with SPREADSHEET=google). */
  GOOGLE_SHEETS_ID: optionalText,
  /** A service account's JSON key file. */
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: optionalText,
  /** Instead of a service account: an OAuth client with a refresh token (scopes calendar.readonly and spreadsheets). */
  GOOGLE_CLIENT_ID: optionalText,
  /** That OAuth client's secret. */
  GOOGLE_CLIENT_SECRET: optionalText,
  /** That OAuth client's refresh token. */
  GOOGLE_REFRESH_TOKEN: optionalText,
  /** Where Google's APIs are reached (a proxy); default Google's own addresses. */
  GOOGLE_API_ROOT: z.url({ protocol: /^https?$/ }).optional(),
  /** Redis for what several instances share; unset: everything stays in-process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  /** Put before every key this app writes, so apps can share one Redis. */
  REDIS_PREFIX: z.string().default('auditdesk:'),
  /** The Redis plan's name, shown on the Redis resource page. */
  REDIS_PLAN: z.string().trim().min(1).default('Self-hosted'),
  /** The most the read cache may keep in Redis, in bytes (oldest bodies go first); the rest of Redis stays free for the lock and the limits. */
  REDIS_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  /** The largest .csv or .xlsx file one lead import may send, in bytes (20 MB by default). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Bytes the parts of an imported .xlsx that are read may unpack to, together; more refuses the file. */
  IMPORT_MAX_UNZIPPED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(DEFAULT_IMPORT_LIMITS.unzippedBytes),
  /** Texts in an imported .xlsx's shared-strings table; more refuses the file. */
  IMPORT_MAX_SHARED_STRINGS: z.coerce.number().int().min(1).default(DEFAULT_IMPORT_LIMITS.sharedStrings),
  /** Characters of those texts, together; more refuses the file. */
  IMPORT_MAX_SHARED_STRINGS_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_IMPORT_LIMITS.sharedStringsLength),
  /** Columns of an imported file (a value further right refuses it); 500 at most. */
  IMPORT_MAX_COLUMNS: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEFAULT_IMPORT_LIMITS.columns)
    .default(DEFAULT_IMPORT_LIMITS.columns),
  /** Characters of one cell of an imported file (Excel's own limit by default); longer refuses the file. */
  IMPORT_MAX_CELL_LENGTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(32_767)
    .default(DEFAULT_IMPORT_LIMITS.cellLength),
  /** Rows of an imported file after its header; more refuses it. 100,000 at most. */
  IMPORT_MAX_ROWS: z.coerce
    .number()
    .int()
    .min(1)
    .max(DEFAULT_IMPORT_LIMITS.rows)
    .default(DEFAULT_IMPORT_LIMITS.rows),
  /** Seconds reading and checking one imported file may take; longer refuses it. */
  IMPORT_MAX_SECONDS: z.coerce.number().int().min(1).max(600).default(DEFAULT_IMPORT_LIMITS.seconds),
  /** MB of memory the thread reading an imported file may use; a file needing more is refused. */
  IMPORT_MAX_MEMORY_MB: z.coerce.number().int().min(64).default(DEFAULT_IMPORT_LIMITS.memoryMb),
  /** The CalDAV server or account URL; the calendars are discovered from there. */
  CALDAV_URL: httpUrl.optional(),
  /** The CalDAV account (HTTP Basic; iCloud and Fastmail want an app password). */
  CALDAV_USERNAME: optionalText,
  /** The CalDAV account's password. */
  CALDAV_PASSWORD: z.string().min(1).optional(),
  /** Which calendar of the account, by display name or URL; unset: the account's only one. */
  CALDAV_CALENDAR: optionalText,
  /**
   * Other origins the CalDAV server may send the sync to with the account's credentials
   * (comma-separated, e.g. a provider's separate calendar host); unset: CALDAV_URL's only.
   */
  CALDAV_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!/^https?:\/\/[^/]+\/?$/.test(origin)) {
          context.addIssue({
            code: 'custom',
            message: `expected origins like https://host:port (got "${origin}")`,
          });
          return z.NEVER;
        }
      }
      return origins.map((origin) => new URL(origin).origin);
    }),
  /** The Microsoft Entra tenant (directory) of the app registration. */
  MS_TENANT_ID: optionalText,
  /** The Entra app registration (application permission Calendars.Read, admin consent). */
  MS_CLIENT_ID: optionalText,
  /** That app registration's secret value. */
  MS_CLIENT_SECRET: optionalText,
  /** Whose calendar: the user's principal name (e-mail) or id. */
  MS_CALENDAR_USER: optionalText,
  /** Where Microsoft Graph and the Microsoft identity platform are reached (national clouds, a proxy). */
  MS_GRAPH_ROOT: httpUrl.default('https://graph.microsoft.com/v1.0'),
  /** Where the Microsoft identity platform is reached. */
  MS_LOGIN_ROOT: httpUrl.default('https://login.microsoftonline.com'),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'expected smtp://user:password@host:port or smtps://…' })
    .optional()
    .describe(
      "The SMTP server the app's e-mails go through (invitations, password resets, password-changed notices): smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. Unset: no e-mail; admins copy password links instead.",
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .optional()
    .describe(
      'The sender of those e-mails, e.g. "Auditdesk <auditdesk@example.com>". Default: auditdesk@ the host of PUBLIC_URL (or of the start address).',
    ),
  RATE_LIMIT_PASSWORD_RESET_PER_IP: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('"Forgot password?" requests per hour from one address; more are refused with 429.'),
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: z.coerce
    .number()
    .int()
    .positive()
    .default(3)
    .describe(
      'Password-reset e-mails per hour to one address, whoever asks; further requests get the same answer but send nothing (nobody can flood a mailbox, and the answer tells nothing).',
    ),
  /** Where SQLite snapshots are kept on this machine; default $DATA_DIR/backups (give it another disk to survive the data disk). */
  BACKUP_DIR: optionalText,
  /** When a snapshot is taken (cron, 5 or 6 fields, in the server's time zone; `off`: only before changes and on request). On D1, when the database is exported off Cloudflare to BACKUP_S3_URL (Time Travel keeps every minute without it). */
  BACKUP_CRON: z.string().trim().min(1).default('0 * * * *'),
  /** A passphrase (16+ characters) that encrypts every snapshot (AES-256-GCM); keep it apart from the snapshots: without it none can be restored. */
  BACKUP_KEY: z.string().min(16, 'expected at least 16 characters').optional(),
  /** Snapshots kept by the hour (the newest of each of the last N hours). */
  BACKUP_KEEP_HOURLY: z.coerce.number().int().min(0).max(10_000).default(48),
  /** Snapshots kept by the day (the newest of each of the last N days). */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(10_000).default(30),
  /** Snapshots kept by the month (the newest of each of the last N months). */
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1_000).default(12),
  /** Days the snapshots taken before a change (sync, import, bulk change, migration, restore) or on request are kept, whatever the rule above says. */
  BACKUP_KEEP_BEFORE_CHANGE_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
  /** Copies every verified snapshot (and, on D1, an export on BACKUP_CRON) to an S3-compatible bucket: s3://bucket/optional/prefix. */
  BACKUP_S3_URL: z
    .string()
    .trim()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'expected s3://bucket or s3://bucket/prefix')
    .optional(),
  /** The S3-compatible service's address (MinIO, R2, Backblaze…); unset: AWS S3. Addressed path-style when set. */
  BACKUP_S3_ENDPOINT: httpUrl.optional(),
  /** The bucket's region (auto for R2). */
  BACKUP_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** The bucket's access key; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, an instance role…). */
  BACKUP_S3_ACCESS_KEY_ID: optionalText,
  /** That access key's secret. */
  BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
  /** The folder that holds the built apps (host and remote dist folders); defaults to the repository. */
  WEB_ROOT: optionalText,
});

export type Settings = z.infer<typeof settingsSchema>;
