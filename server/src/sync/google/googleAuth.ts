import { auth } from '@googleapis/calendar';
import type { Config } from '../../config/loadConfig';

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];

export type GoogleAuthClient = InstanceType<typeof auth.GoogleAuth> | InstanceType<typeof auth.OAuth2>;

/** A service account key file, or an OAuth client with a refresh token (checked by loadConfig). */
export function createGoogleAuth(google: Config['google']): GoogleAuthClient {
  if (google.serviceAccountKeyFile)
    return new auth.GoogleAuth({ keyFile: google.serviceAccountKeyFile, scopes: GOOGLE_SCOPES });
  const client = new auth.OAuth2(google.clientId, google.clientSecret);
  client.setCredentials({ refresh_token: google.refreshToken });
  return client;
}

/**
 * Every request: Node's own fetch (gaxios would otherwise import node-fetch), and Google's
 * quota answers (403 usageLimits, 429) and 5xx retried with backoff.
 */
export const GOOGLE_REQUEST_OPTIONS = {
  fetchImplementation: globalThis.fetch,
  retryConfig: {
    retry: 4,
    retryDelay: 500,
    statusCodesToRetry: [
      [403, 403],
      [429, 429],
      [500, 599],
    ],
  },
};

export function googleErrorMessage(error: unknown): string {
  const gaxios = error as {
    response?: { status?: number; data?: { error?: { message?: string } } };
    message?: string;
  };
  const status = gaxios.response?.status;
  const detail = gaxios.response?.data?.error?.message ?? gaxios.message ?? String(error);
  return status ? `HTTP ${status}: ${detail}` : detail;
}
