import { HOME_PATH } from '../app/homePath';

/** The pages of signing in: sending a person back to one of them would go round in circles. */
const SIGN_IN_PATHS = ['/login', '/auth/', '/forgot-password', '/set-password'];

/** What the router's location carries to /login: where the person was going. */
export interface ReturnState {
  from?: string;
}

/**
 * The path, query and hash to open after signing in, if `candidate` is a place of this app;
 * null for anything else. Resolved as the browser would resolve it, so no spelling of another
 * origin (`//evil.example`, `/\evil.example`, `https://…`, tabs or encodings that decode to
 * one) gets through: the sign-in pages must never be an open redirect.
 */
export function safeReturnPath(candidate: unknown, origin = window.location.origin): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  if (SIGN_IN_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(path))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a sign-in lands: the place asked for, else the home page. */
export const landingAfterSignIn = (candidate: unknown): string => safeReturnPath(candidate) ?? HOME_PATH;

/** The place a location stands for, to come back to after signing in. */
export const placeOf = ({ pathname, search, hash }: { pathname: string; search: string; hash: string }) =>
  `${pathname}${search}${hash}`;
