import { apiUrl, operationPath, routes } from '@auditdesk/shared';

/** Where the identity-provider button sends the browser; the server comes back to /auth/callback. */
export function identityProviderSignInUrl(origin = window.location.origin): string {
  return apiUrl(operationPath(routes.authProviderLogin, { query: { returnUrl: `${origin}/auth/callback` } }));
}
