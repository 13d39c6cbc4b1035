import { apiUrl, operationPath, routes } from '@auditdesk/shared';

/** Where the callback page finds the place to open once signed in. */
export const RETURN_PARAM = 'next';
/** The longest returnUrl the server takes (its contract). */
const RETURN_URL_MAX = 2048;

/**
 * Where the identity-provider button sends the browser; the server comes back to
 * /auth/callback, carrying `next` (the place to open afterwards) in that address. A place too
 * long for the server's limit goes without its query, and one longer still is dropped.
 */
export function identityProviderSignInUrl(
  next: string | null = null,
  origin = window.location.origin,
): string {
  const callback = (place: string | null) => {
    const url = new URL('/auth/callback', origin);
    if (place) url.searchParams.set(RETURN_PARAM, place);
    return url.href;
  };
  const candidates = next ? [next, next.replace(/[?#].*$/, ''), null] : [null];
  const returnUrl = candidates.map(callback).find((url) => url.length <= RETURN_URL_MAX) ?? callback(null);
  return apiUrl(operationPath(routes.authProviderLogin, { query: { returnUrl } }));
}
