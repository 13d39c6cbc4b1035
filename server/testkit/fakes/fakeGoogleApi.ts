import { startFakeHttpApi } from './fakeHttpApi';

/**
 * A local stand-in for Google's API hosts that answers with the documented response
 * shapes (shared/docs/external-apis.md) and records every request it got.
 */
export const startFakeGoogleApi = startFakeHttpApi;

/** An OAuth client that already holds an access token, so no token endpoint is called. */
export async function testGoogleAuth() {
  const { auth } = await import('@googleapis/calendar');
  const client = new auth.OAuth2('client', 'secret');
  client.setCredentials({ access_token: 'test-access-token', expiry_date: Date.now() + 3600_000 });
  return client;
}
