import type { Config } from '../../../platform/config/loadConfig';

/** The providers people know by name, by their issuer's host. */
const KNOWN_ISSUERS: Record<string, string> = {
  'accounts.google.com': 'Google',
  'login.microsoftonline.com': 'Microsoft',
};

/**
 * What the sign-in button calls the identity provider ("Sign in with Google"), or null when
 * none is configured: the page then offers no button that could only lead to an error.
 */
export function identityProviderName({ issuer, clientId }: Config['oidc']): string | null {
  if (!clientId) return null;
  return KNOWN_ISSUERS[new URL(issuer).hostname] ?? 'single sign-on';
}
