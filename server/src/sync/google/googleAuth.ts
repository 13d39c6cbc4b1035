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
