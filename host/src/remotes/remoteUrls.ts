import { TAB_HEADER } from '@auditdesk/shared/remotes';
import { hasStoredSession, storedValidToken, tokenSubject } from '@auditdesk/shared/stored-token';
import type { RemoteName } from './remotePages';
import { loaded } from './registeredRemotes';
import { TAB_ID } from './tabId';

export type RemoteUrls = Partial<Record<RemoteName, string>>;

/** The answer kept, and whom it was for (a person's id, or anonymous). */
let pending: { who: string; urls: Promise<RemoteUrls> } | null = null;
/** Releases the hub told this tab about since /remotes.json was read. */
const released = new Map<RemoteName, string>();
/** Trades an expired access token for a fresh one; set once the shell has its session (bootstrap). */
let refresh: (() => Promise<boolean>) | null = null;

/** Lets /remotes.json be asked with a fresh token once the auth store is there. */
export function refreshTokensWith(refreshSession: () => Promise<boolean>): void {
  refresh = refreshSession;
}

/** The signed-in person's valid token (refreshed when it ran out and the shell can), or null. */
async function currentToken(): Promise<string | null> {
  const token = storedValidToken();
  if (token || !hasStoredSession() || !refresh) return token;
  return (await refresh()) ? storedValidToken() : null;
}

async function fetchRemoteUrls(token: string | null): Promise<RemoteUrls> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  // only a tab that has loaded a remote has a release to keep
  if (loaded.size > 0) headers[TAB_HEADER] = TAB_ID;
  const response = await fetch('/remotes.json', { cache: 'no-store', headers });
  if (!response.ok) throw new Error(`/remotes.json answered HTTP ${response.status}.`);
  return (await response.json()) as RemoteUrls;
}

/**
 * Where each remote's mf-manifest.json lives for the signed-in person (their preview, stage or
 * the live release; anonymous: live), read once from the server, again for another person, or
 * again on `again` (a Retry, which should load what is current now). A failed read is
 * forgotten so that Retry asks again.
 */
export async function remoteUrls(again = false): Promise<RemoteUrls> {
  const token = await currentToken();
  const who = tokenSubject(token) ?? 'anonymous';
  if (again || pending?.who !== who) {
    pending = null;
    released.clear();
  }
  if (!pending) {
    const reading = { who, urls: fetchRemoteUrls(token) };
    pending = reading;
    reading.urls.catch(() => {
      if (pending === reading) pending = null;
    });
  }
  const urls = await pending.urls;
  return { ...urls, ...Object.fromEntries(released) };
}

/** This person's release of a remote changed (RemoteReleased): the next load of it in this tab uses it. */
export function remoteReleased(remote: RemoteName, url: string): void {
  released.set(remote, url);
}

/** The release a manifest URL belongs to (/releases/<remote>/<version>/…), or null for a build that is not one. */
export function releaseVersionOf(url: string): string | null {
  return /\/releases\/[^/]+\/(\d+\.\d+\.\d+-\d+)\/mf-manifest\.json$/.exec(url)?.[1] ?? null;
}
