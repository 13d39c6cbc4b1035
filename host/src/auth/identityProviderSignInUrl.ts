/** Where the identity-provider button sends the browser; the server comes back to /auth/callback. */
export function identityProviderSignInUrl(origin = window.location.origin): string {
  return `/api/auth/google-login?returnUrl=${encodeURIComponent(`${origin}/auth/callback`)}`;
}
