import { auth } from '@googleapis/calendar';
import type { Config } from '../config/loadConfig';

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];

export type GoogleAuthClient = InstanceType<typeof auth.GoogleAuth> | InstanceType<typeof auth.OAuth2>;

/** Writing events back (CALENDAR_WRITE_BACK=on) needs more than reading them. */
const WRITE_SCOPES = ['https://www.googleapis.com/auth/calendar.events', GOOGLE_SCOPES[1]!];

/**
 * A service account key file, or an OAuth client with a refresh token (checked by loadConfig);
 * `writeEvents`: scopes that let it write events too (an OAuth refresh token has the scopes it
 * was granted with).
 */
export function createGoogleAuth(google: Config['google'], writeEvents = false): GoogleAuthClient {
  if (google.serviceAccountKeyFile)
    return new auth.GoogleAuth({
      keyFile: google.serviceAccountKeyFile,
      scopes: writeEvents ? WRITE_SCOPES : GOOGLE_SCOPES,
    });
  const client = new auth.OAuth2(google.clientId, google.clientSecret);
  client.setCredentials({ refresh_token: google.refreshToken });
  return client;
}
