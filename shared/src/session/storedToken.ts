// The session as this browser keeps it, read without the shared singleton: the host asks for
// its remotes (/remotes.json) before its async boundary, where the auth store cannot be taken
// yet (package subpath @auditdesk/shared/stored-token).
import { readStoredSession } from './authStorage';
import { isTokenExpired } from './tokenExpiry';

/** The signed-in person's access token, while it is valid; null when there is none or it ran out. */
export function storedValidToken(now = Date.now()): string | null {
  const { token } = readStoredSession();
  return token && !isTokenExpired(token, now) ? token : null;
}

/** Whether this browser keeps a session at all (valid or not). */
export const hasStoredSession = (): boolean => readStoredSession().token !== null;

/** Whom a JWT speaks for (its `sub`), or null when it is not one. */
export function tokenSubject(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
