import type { RemoteName } from './remotePages';

export type RemoteUrls = Partial<Record<RemoteName, string>>;

let pending: Promise<RemoteUrls> | null = null;
/** Releases the hub told this tab about since /remotes.json was read. */
const released = new Map<RemoteName, string>();

async function fetchRemoteUrls(): Promise<RemoteUrls> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered HTTP ${response.status}.`);
  return (await response.json()) as RemoteUrls;
}

/**
 * Where each remote's mf-manifest.json lives, read once from the server, or again (`again`:
 * a Retry, which should load what is live now). A failed read is forgotten so that Retry
 * asks again.
 */
export async function remoteUrls(again = false): Promise<RemoteUrls> {
  if (again) {
    pending = null;
    released.clear();
  }
  pending ??= fetchRemoteUrls().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  const urls = await pending;
  return { ...urls, ...Object.fromEntries(released) };
}

/** A release went live (RemoteReleased): the next load of that remote in this tab uses it. */
export function remoteReleased(remote: RemoteName, url: string): void {
  released.set(remote, url);
}

/** The release a manifest URL belongs to (/releases/<remote>/<version>/…), or null for a build that is not one. */
export function releaseVersionOf(url: string): string | null {
  return /\/releases\/[^/]+\/(\d+\.\d+\.\d+-\d+)\/mf-manifest\.json$/.exec(url)?.[1] ?? null;
}
