/** How long before its expiry a token is fetched anew. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

export interface ClientCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft identity platform root, e.g. https://login.microsoftonline.com */
  loginRoot: string;
  /** Graph root, e.g. https://graph.microsoft.com/v1.0; the token is for its origin. */
  graphRoot: string;
}

/** The identity platform refused the app, or could not be reached. */
export class MicrosoftSignInError extends Error {
  override name = 'MicrosoftSignInError';
}

/**
 * An app-only access token for Microsoft Graph by the OAuth 2.0 client credentials grant
 * (one form POST to /{tenant}/oauth2/v2.0/token with scope `<graph origin>/.default`),
 * kept until five minutes before it expires.
 */
export function clientCredentialsToken(credentials: ClientCredentials) {
  let cached: { token: string; expiresAt: number } | null = null;
  return async (fetchWith: typeof fetch, now = Date.now()): Promise<string> => {
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now) return cached.token;
    const url = `${credentials.loginRoot}/${encodeURIComponent(credentials.tenantId)}/oauth2/v2.0/token`;
    const response = await fetchWith(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        scope: `${new URL(credentials.graphRoot).origin}/.default`,
        grant_type: 'client_credentials',
      }).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      const detail = body.error_description?.split(/\r?\n/)[0] ?? body.error ?? response.statusText;
      throw new MicrosoftSignInError(
        `Microsoft sign-in for the app ${credentials.clientId} failed: HTTP ${response.status}: ${detail}`,
      );
    }
    cached = { token: body.access_token, expiresAt: now + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  };
}
