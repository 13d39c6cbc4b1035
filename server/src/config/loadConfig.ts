import path from 'node:path';
import { ConfigError } from './ConfigError';
import { defaultRemoteUrl, REMOTES } from './remotes';
import { settingsSchema } from './settingsSchema';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  databasePath: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret?: string;
  publicUrl?: string;
  /** Federation name → URL of its mf-manifest.json, as /remotes.json tells the host. */
  remoteUrls: Record<string, string>;
  /** Origins sign-in may send the browser back to, besides PUBLIC_URL and the request's own. */
  allowedOrigins: string[];
  oidc: { issuer: string; clientId?: string; clientSecret?: string };
  /** Attempts per minute on login and set-password, per client address and per account. */
  rateLimits: { perIp: number; perAccount: number };
  /** Serve the built host and remotes (production). */
  serveWeb: boolean;
  webRoot: string;
}

const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');

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
        const shown = value === undefined || /SECRET|PASSWORD/.test(name) ? '' : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const settings = parsed.data;
  const dataDir = path.resolve(settings.DATA_DIR);
  const databasePath = settings.DATABASE_URL
    ? path.resolve(settings.DATABASE_URL.slice('file:'.length))
    : path.join(dataDir, 'auditdesk.db');

  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    logLevel: settings.LOG_LEVEL,
    dataDir,
    databasePath,
    adminEmail: settings.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: settings.ADMIN_PASSWORD,
    jwtSecret: settings.JWT_SECRET,
    publicUrl: settings.PUBLIC_URL?.replace(/\/+$/, ''),
    remoteUrls: Object.fromEntries(
      REMOTES.map((remote) => [remote.name, settings[remote.setting] ?? defaultRemoteUrl(remote)]),
    ),
    allowedOrigins: settings.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    oidc: {
      issuer: settings.OIDC_ISSUER,
      clientId: settings.OIDC_CLIENT_ID,
      clientSecret: settings.OIDC_CLIENT_SECRET,
    },
    rateLimits: { perIp: settings.RATE_LIMIT_LOGIN_PER_IP, perAccount: settings.RATE_LIMIT_LOGIN_PER_EMAIL },
    serveWeb: settings.NODE_ENV === 'production',
    webRoot: settings.WEB_ROOT ? path.resolve(settings.WEB_ROOT) : REPOSITORY_ROOT,
  };
}
