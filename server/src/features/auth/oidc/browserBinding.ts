import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGN_IN_COOKIE = 'auditdesk_signin';
const COOKIE_PATH = '/api/auth';
const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * Ties an identity-provider sign-in to the browser that started it (against login CSRF): an
 * HttpOnly, SameSite=Lax cookie holds a secret; the server keeps only its hash.
 */
export function bindBrowser(reply: FastifyReply, secure: boolean): string {
  const secret = randomBytes(32).toString('base64url');
  reply.setCookie(SIGN_IN_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: 10 * 60,
  });
  return hash(secret);
}

export function isSameBrowser(request: FastifyRequest, browserHash: string): boolean {
  const secret = request.cookies[SIGN_IN_COOKIE];
  if (!secret) return false;
  const actual = Buffer.from(hash(secret));
  const expected = Buffer.from(browserHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function releaseBrowser(reply: FastifyReply): void {
  reply.clearCookie(SIGN_IN_COOKIE, { path: COOKIE_PATH });
}
