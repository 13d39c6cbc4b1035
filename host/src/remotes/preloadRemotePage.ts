import { loadRemotePage } from './loadRemotePage';
import { REMOTE_PAGES } from './remotePages';

/**
 * Starts fetching the remote page of the route the browser opened (its manifest, entry and
 * chunks) while the shell itself still loads, instead of after the shell has rendered.
 * Failures are left to the route, which loads the page again and shows them.
 */
export function preloadRemotePage(pathname: string): void {
  const page = REMOTE_PAGES.find((candidate) => candidate.path === pathname);
  if (page) loadRemotePage(page).catch(() => undefined);
}
