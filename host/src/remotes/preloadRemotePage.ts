import { hasStoredSession, storedValidToken } from '@auditdesk/shared/stored-token';
import { loadRemotePage } from './loadRemotePage';
import { REMOTE_PAGES } from './remotePages';

/**
 * Starts fetching the remote page of the route the browser opened (its manifest, entry and
 * chunks) while the shell itself still loads, instead of after the shell has rendered.
 * Failures are left to the route, which loads the page again and shows them. Not while the
 * stored session's token has run out: which release this person gets is known only once the
 * shell has refreshed it, and a page never loads two releases of one remote.
 */
export function preloadRemotePage(pathname: string): void {
  const page = REMOTE_PAGES.find((candidate) => candidate.path === pathname);
  if (!page || (hasStoredSession() && !storedValidToken())) return;
  loadRemotePage(page).catch(() => undefined);
}
