import path from 'node:path';
import { ConfigError } from './ConfigError';
import { defaultRemoteUrl, REMOTES } from './remotes';
import { settingsSchema, type Settings } from './settingsSchema';
import { Cron } from 'croner';
import type { Role } from '@auditdesk/shared/core';
import type { CalendarLimits } from './calendarLimits';
import type { ImportLimits } from './importLimits';

/** The configured auditors: two or more, the first two compared by default. */
export type Auditors = readonly [string, string, ...string[]];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  /** DATABASE: the local SQLite file (databasePath) or Cloudflare D1 (d1). */
  database: 'sqlite' | 'd1';
  databasePath: string;
  /** Present when DATABASE is d1. */
  d1?: D1Settings;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  /**
   * The app's own origin, for links it mints, sign-in returns and the hub's Origin check:
   * PUBLIC_URL, else the address the server was started on. Never read from a request.
   */
  publicOrigin: string;
  /** Which proxies may tell the client's address (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  /** Federation name → URL of its mf-manifest.json, as /remotes.json tells the host without releases. */
  remoteUrls: Record<string, string>;
  /** The remotes a REMOTE_*_URL setting pins: no release changes what /remotes.json gives for them. */
  pinnedRemoteUrls: Partial<Record<string, string>>;
  /** The release store (DESIGN.md section 19). */
  releases: {
    dir: string;
    publicUrl?: string;
    keep: number;
    /** The watch over staged (and newly promoted) releases (DESIGN.md section 26). */
    watch: { windowMs: number; minLoads: number; failureRate: number; afterPromotionMs: number };
    previewMs: number;
  };
  /** Origins sign-in may send the browser back to, besides PUBLIC_URL and the request's own. */
  allowedOrigins: string[];
  oidc: { issuer: string; clientId?: string; clientSecret?: string; allowUnverifiedEmail: boolean };
  /**
   * Sign-in attempts per minute: per client address, per e-mail from one address, and
   * failed ones per e-mail from all addresses together (the known-good addresses of an
   * account are exempt from that ceiling, so nobody can lock its owner out).
   */
  rateLimits: { perIp: number; perEmailAndIp: number; failuresPerAccount: number };
  calendar: {
    source: 'ics' | 'google' | 'caldav' | 'microsoft';
    ics: string;
    isDemo: boolean;
    timeZone: string;
    googleCalendarId: string;
    /** CALENDAR_WRITE_BACK=on: office edits are written to the events of a writable source. */
    writeBack: boolean;
  };
  spreadsheet: { kind: 'xlsx' | 'google'; path: string; googleSheetsId?: string };
  google: {
    serviceAccountKeyFile?: string;
    clientId?: string;
    clientSecret?: string;
    refreshToken?: string;
    apiRoot?: string;
  };
  /** Present when CALENDAR_SOURCE is caldav. */
  caldav?: { url: string; username: string; password: string; calendar?: string; allowedOrigins: string[] };
  /** Present when CALENDAR_SOURCE is microsoft. */
  microsoft?: {
    tenantId: string;
    clientId: string;
    clientSecret: string;
    calendarUser: string;
    graphRoot: string;
    loginRoot: string;
  };
  /** At least two; the scheduling screen's default pair is the first two. */
  auditors: Auditors;
  syncCron?: string;
  /** What one run may take from a calendar (untrusted input). */
  calendarLimits: CalendarLimits;
  /** Leads a run holds in memory before it keeps them on disk. */
  syncLeadsInMemory: number;
  /** Who may start a sync on demand, and how many per hour one person may start. */
  syncRoles: Role[];
  syncRateLimitPerHour: number;
  /** A running sync's lease and stall limit, in milliseconds. */
  syncLeaseMs: number;
  syncStallMs: number;
  /** Present when REDIS_URL is set. */
  redis?: RedisSettings;
  /** REDIS_CACHE_MAX_BYTES: the most the read cache keeps in Redis. */
  redisCacheMaxBytes: number;
  /** IMPORT_MAX_BYTES: the largest file a lead import may send. */
  importMaxBytes: number;
  /** What reading and checking one imported file may take (untrusted input). */
  importLimits: ImportLimits;
  /** Present when SMTP_URL is set: the app e-mails invitations, resets and notices. */
  mail?: MailSettings;
  /** "Forgot password?" requests per hour per client address, and reset e-mails per hour per address. */
  passwordResetLimits: { perIp: number; perEmail: number };
  /** Snapshots (SQLite), restore points (D1) and their copies off the machine (DESIGN.md section 22). */
  backups: BackupSettings;
  /** Serve the built host and remotes (production). */
  serveWeb: boolean;
  webRoot: string;
}

export interface RedisSettings {
  /** redis:// or rediss:// (TLS), with credentials and database number if any */
  url: string;
  /** REDIS_PREFIX: the start of every key this app writes */
  prefix: string;
  /** REDIS_PLAN: the plan's name, for the resource page */
  planName: string;
}

export interface BackupSettings {
  /** Where snapshots are kept on this machine. */
  dir: string;
  /** BACKUP_CRON; null: off. */
  cron: string | null;
  /** BACKUP_KEY: encrypts every snapshot; never written anywhere. */
  key?: string;
  keep: { hourly: number; daily: number; monthly: number; beforeChangeDays: number };
  /** Present when BACKUP_S3_URL is set. */
  s3?: {
    bucket: string;
    /** Every object's key starts with it ('' or ending with /). */
    prefix: string;
    endpoint?: string;
    region: string;
    credentials?: { accessKeyId: string; secretAccessKey: string };
  };
}

export interface MailSettings {
  /** smtp:// or smtps://, with credentials */
  smtpUrl: string;
  /** the From header */
  from: string;
}

export interface D1Settings {
  accountId: string;
  databaseId: string;
  apiToken: string;
  /** D1_API_ROOT, without a trailing slash */
  apiRoot: string;
  /** D1_PLAN: the plan's name, for the resource page */
  planName: string;
}

const D1_REQUIRED = {
  D1_ACCOUNT_ID: 'the Cloudflare account that holds the database',
  D1_DATABASE_ID: "the database's id (uuid)",
  D1_API_TOKEN: 'an API token with D1 Edit',
} as const;

const REPOSITORY_ROOT = path.resolve(__dirname, '../../../..');

/** The generated demo calendar, used when CALENDAR_ICS is not set. */
export const DEMO_CALENDAR_FILE = 'demo-calendar.ics';

/** Settings that are valid alone but not together. */
function crossChecks(settings: Settings): string[] {
  const problems: string[] = [];
  const hasGoogleAuth =
    Boolean(settings.GOOGLE_SERVICE_ACCOUNT_KEY_FILE) ||
    Boolean(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET && settings.GOOGLE_REFRESH_TOKEN);
  const needsGoogle = settings.CALENDAR_SOURCE === 'google' || settings.SPREADSHEET === 'google';
  if (needsGoogle && !hasGoogleAuth) {
    problems.push(
      'GOOGLE_SERVICE_ACCOUNT_KEY_FILE: required (or GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REFRESH_TOKEN) when CALENDAR_SOURCE or SPREADSHEET is google',
    );
  }
  if (settings.SPREADSHEET === 'google' && !settings.GOOGLE_SHEETS_ID) {
    problems.push('GOOGLE_SHEETS_ID: required when SPREADSHEET is google');
  }
  if (settings.NODE_ENV === 'production' && !settings.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required in production (the address users reach the app at, e.g. https://auditdesk.example.com)',
    );
  }
  const required = (source: string, names: (keyof Settings)[]) => {
    if (settings.CALENDAR_SOURCE !== source) return;
    for (const name of names)
      if (!settings[name]) problems.push(`${name}: required when CALENDAR_SOURCE is ${source}`);
  };
  required('caldav', ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD']);
  required('microsoft', ['MS_TENANT_ID', 'MS_CLIENT_ID', 'MS_CLIENT_SECRET', 'MS_CALENDAR_USER']);
  if (settings.DATABASE === 'd1') {
    for (const [name, what] of Object.entries(D1_REQUIRED)) {
      if (!settings[name as keyof typeof D1_REQUIRED])
        problems.push(`${name}: required when DATABASE is d1 (${what})`);
    }
    if (!settings.JWT_SECRET) {
      problems.push(
        "JWT_SECRET: required when DATABASE is d1: the instances that share the database must sign and check sign-ins with the same key, and a generated one would stay in one machine's DATA_DIR",
      );
    }
    if (settings.DATABASE_URL) {
      problems.push('DATABASE_URL: names a SQLite file, but DATABASE is d1; unset one of them');
    }
  }
  if (settings.BACKUP_CRON !== 'off') {
    try {
      new Cron(settings.BACKUP_CRON, { paused: true }).stop();
    } catch (error) {
      problems.push(
        `BACKUP_CRON: ${error instanceof Error ? error.message : 'not a cron expression'} (got "${settings.BACKUP_CRON}"; off turns the schedule off)`,
      );
    }
  }
  if (Boolean(settings.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(settings.BACKUP_S3_SECRET_ACCESS_KEY))
    problems.push(
      "BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY: set both (or neither, for the AWS SDK's own credentials)",
    );
  if (settings.SYNC_CRON) {
    try {
      new Cron(settings.SYNC_CRON, { paused: true }).stop();
    } catch (error) {
      problems.push(
        `SYNC_CRON: ${error instanceof Error ? error.message : 'not a cron expression'} (got "${settings.SYNC_CRON}")`,
      );
    }
  }
  return problems;
}

function backupSettings(settings: Settings, dataDir: string): BackupSettings {
  const s3 = settings.BACKUP_S3_URL ? /^s3:\/\/([^/]+)\/?(.*)$/.exec(settings.BACKUP_S3_URL) : null;
  const prefix = s3?.[2]?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    dir: settings.BACKUP_DIR ? path.resolve(settings.BACKUP_DIR) : path.join(dataDir, 'backups'),
    cron: settings.BACKUP_CRON === 'off' ? null : settings.BACKUP_CRON,
    key: settings.BACKUP_KEY,
    keep: {
      hourly: settings.BACKUP_KEEP_HOURLY,
      daily: settings.BACKUP_KEEP_DAILY,
      monthly: settings.BACKUP_KEEP_MONTHLY,
      beforeChangeDays: settings.BACKUP_KEEP_BEFORE_CHANGE_DAYS,
    },
    s3: s3
      ? {
          bucket: s3[1]!,
          prefix: prefix ? `${prefix}/` : '',
          endpoint: settings.BACKUP_S3_ENDPOINT,
          region: settings.BACKUP_S3_REGION,
          credentials:
            settings.BACKUP_S3_ACCESS_KEY_ID && settings.BACKUP_S3_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: settings.BACKUP_S3_ACCESS_KEY_ID,
                  secretAccessKey: settings.BACKUP_S3_SECRET_ACCESS_KEY,
                }
              : undefined,
        }
      : undefined,
  };
}

/** Reads the settings once; any bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = present[name];
        const shown =
          value === undefined || /SECRET|PASSWORD|TOKEN|REDIS_URL|SMTP_URL|BACKUP_KEY/.test(name)
            ? ''
            : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const settings = parsed.data;
  const problems = crossChecks(settings);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(settings.DATA_DIR);
  const publicOrigin = settings.PUBLIC_URL
    ? new URL(settings.PUBLIC_URL).origin
    : `http://${['0.0.0.0', '::'].includes(settings.HOST) ? 'localhost' : settings.HOST}:${settings.PORT}`;
  const databasePath = settings.DATABASE_URL
    ? path.resolve(settings.DATABASE_URL.slice('file:'.length))
    : path.join(dataDir, 'auditdesk.db');

  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    logLevel: settings.LOG_LEVEL,
    dataDir,
    database: settings.DATABASE,
    databasePath,
    d1:
      settings.DATABASE === 'd1'
        ? {
            accountId: settings.D1_ACCOUNT_ID!,
            databaseId: settings.D1_DATABASE_ID!,
            apiToken: settings.D1_API_TOKEN!,
            apiRoot: settings.D1_API_ROOT,
            planName: settings.D1_PLAN,
          }
        : undefined,
    adminEmail: settings.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: settings.ADMIN_PASSWORD,
    jwtSecret: settings.JWT_SECRET,
    accessTokenTtlSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
    publicOrigin,
    trustProxy: settings.TRUST_PROXY,
    remoteUrls: Object.fromEntries(
      REMOTES.map((remote) => [remote.name, settings[remote.setting] ?? defaultRemoteUrl(remote)]),
    ),
    pinnedRemoteUrls: Object.fromEntries(
      REMOTES.flatMap((remote) =>
        settings[remote.setting] ? [[remote.name, settings[remote.setting]]] : [],
      ),
    ),
    releases: {
      dir: settings.RELEASES_DIR ? path.resolve(settings.RELEASES_DIR) : path.join(dataDir, 'releases'),
      publicUrl: settings.RELEASES_URL?.replace(/\/+$/, ''),
      keep: settings.RELEASES_KEEP,
      watch: {
        windowMs: settings.RELEASE_WATCH_MINUTES * 60_000,
        minLoads: settings.RELEASE_WATCH_MIN_LOADS,
        failureRate: settings.RELEASE_WATCH_FAILURE_RATE / 100,
        afterPromotionMs: settings.RELEASE_WATCH_AFTER_PROMOTION_MINUTES * 60_000,
      },
      previewMs: settings.RELEASE_PREVIEW_MINUTES * 60_000,
    },
    allowedOrigins: settings.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    oidc: {
      issuer: settings.OIDC_ISSUER,
      clientId: settings.OIDC_CLIENT_ID,
      clientSecret: settings.OIDC_CLIENT_SECRET,
      allowUnverifiedEmail: settings.OIDC_ALLOW_UNVERIFIED_EMAIL,
    },
    rateLimits: {
      perIp: settings.RATE_LIMIT_LOGIN_PER_IP,
      perEmailAndIp: settings.RATE_LIMIT_LOGIN_PER_EMAIL,
      failuresPerAccount: settings.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    },
    calendar: {
      source: settings.CALENDAR_SOURCE,
      ics: settings.CALENDAR_ICS ?? path.join(dataDir, DEMO_CALENDAR_FILE),
      isDemo: settings.CALENDAR_SOURCE === 'ics' && !settings.CALENDAR_ICS,
      timeZone: settings.CALENDAR_TIMEZONE,
      googleCalendarId: settings.GOOGLE_CALENDAR_ID,
      writeBack: settings.CALENDAR_WRITE_BACK === 'on',
    },
    spreadsheet: {
      kind: settings.SPREADSHEET,
      path: settings.SPREADSHEET_PATH
        ? path.resolve(settings.SPREADSHEET_PATH)
        : path.join(dataDir, 'leads.xlsx'),
      googleSheetsId: settings.GOOGLE_SHEETS_ID,
    },
    google: {
      serviceAccountKeyFile: settings.GOOGLE_SERVICE_ACCOUNT_KEY_FILE,
      clientId: settings.GOOGLE_CLIENT_ID,
      clientSecret: settings.GOOGLE_CLIENT_SECRET,
      refreshToken: settings.GOOGLE_REFRESH_TOKEN,
      apiRoot: settings.GOOGLE_API_ROOT,
    },
    caldav:
      settings.CALENDAR_SOURCE === 'caldav'
        ? {
            url: settings.CALDAV_URL!,
            username: settings.CALDAV_USERNAME!,
            password: settings.CALDAV_PASSWORD!,
            calendar: settings.CALDAV_CALENDAR,
            allowedOrigins: settings.CALDAV_ALLOWED_ORIGINS,
          }
        : undefined,
    microsoft:
      settings.CALENDAR_SOURCE === 'microsoft'
        ? {
            tenantId: settings.MS_TENANT_ID!,
            clientId: settings.MS_CLIENT_ID!,
            clientSecret: settings.MS_CLIENT_SECRET!,
            calendarUser: settings.MS_CALENDAR_USER!,
            graphRoot: settings.MS_GRAPH_ROOT.replace(/\/+$/, ''),
            loginRoot: settings.MS_LOGIN_ROOT.replace(/\/+$/, ''),
          }
        : undefined,
    auditors: settings.AUDITORS as unknown as Auditors,
    syncCron: settings.SYNC_CRON,
    calendarLimits: {
      occurrencesPerSeries: settings.SYNC_MAX_OCCURRENCES_PER_SERIES,
      eventsPerRun: settings.SYNC_MAX_EVENTS_PER_RUN,
      textLength: settings.SYNC_MAX_TEXT_LENGTH,
      allowSubHourlyRules: settings.SYNC_ALLOW_SUBHOURLY_RULES,
    },
    syncLeadsInMemory: settings.SYNC_LEADS_IN_MEMORY,
    syncRoles: settings.SYNC_ROLES,
    syncRateLimitPerHour: settings.RATE_LIMIT_SYNC_PER_USER,
    syncLeaseMs: settings.SYNC_LEASE_SECONDS * 1000,
    syncStallMs: settings.SYNC_STALL_MINUTES * 60_000,
    redisCacheMaxBytes: settings.REDIS_CACHE_MAX_BYTES,
    importMaxBytes: settings.IMPORT_MAX_BYTES,
    importLimits: {
      unzippedBytes: settings.IMPORT_MAX_UNZIPPED_BYTES,
      sharedStrings: settings.IMPORT_MAX_SHARED_STRINGS,
      sharedStringsLength: settings.IMPORT_MAX_SHARED_STRINGS_LENGTH,
      columns: settings.IMPORT_MAX_COLUMNS,
      cellLength: settings.IMPORT_MAX_CELL_LENGTH,
      rows: settings.IMPORT_MAX_ROWS,
      seconds: settings.IMPORT_MAX_SECONDS,
      memoryMb: settings.IMPORT_MAX_MEMORY_MB,
    },
    redis: settings.REDIS_URL
      ? { url: settings.REDIS_URL, prefix: settings.REDIS_PREFIX, planName: settings.REDIS_PLAN }
      : undefined,
    mail: settings.SMTP_URL
      ? {
          smtpUrl: settings.SMTP_URL,
          from: settings.MAIL_FROM ?? `Auditdesk <auditdesk@${new URL(publicOrigin).hostname}>`,
        }
      : undefined,
    passwordResetLimits: {
      perIp: settings.RATE_LIMIT_PASSWORD_RESET_PER_IP,
      perEmail: settings.RATE_LIMIT_PASSWORD_RESET_PER_EMAIL,
    },
    backups: backupSettings(settings, dataDir),
    serveWeb: settings.NODE_ENV === 'production',
    webRoot: settings.WEB_ROOT ? path.resolve(settings.WEB_ROOT) : REPOSITORY_ROOT,
  };
}
