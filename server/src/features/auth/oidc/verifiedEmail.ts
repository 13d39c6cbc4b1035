/**
 * The e-mail of an identity-provider sign-in, lower-cased, only when the provider vouches
 * for it (`email_verified` exactly true): an absent claim or the text "true" is not a yes.
 * `allowMissing` (OIDC_ALLOW_UNVERIFIED_EMAIL, for providers that never send the claim)
 * accepts an absent claim, never an explicit no.
 */
export function verifiedEmail(claims: Record<string, unknown>, allowMissing: boolean): string | null {
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) return null;
  const verified = claims.email_verified;
  const vouched = verified === true || (allowMissing && verified === undefined);
  return vouched ? claims.email.trim().toLowerCase() : null;
}
