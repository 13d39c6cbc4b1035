import type { RemoteName } from './remotePages';

export type RemoteUrls = Partial<Record<RemoteName, string>>;

let pending: Promise<RemoteUrls> | null = null;

async function fetchRemoteUrls(): Promise<RemoteUrls> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/remotes.json answered HTTP ${response.status}.`);
  return (await response.json()) as RemoteUrls;
}

/**
 * Where each remote's mf-manifest.json lives, read once from the server. A failed read
 * is forgotten so that Retry asks again.
 */
export function remoteUrls(): Promise<RemoteUrls> {
  pending ??= fetchRemoteUrls().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
