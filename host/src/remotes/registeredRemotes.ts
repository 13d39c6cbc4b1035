import type { RemoteName } from './remotePages';

/** The entry (manifest URL) each remote is registered with in this tab. */
export const registered = new Map<RemoteName, string>();
/** The remotes whose page has loaded in this tab: they keep their release until the tab reloads. */
export const loaded = new Set<RemoteName>();

/** Whether this tab has loaded the remote (then a new release needs a reload to show). */
export const hasLoaded = (remote: RemoteName) => loaded.has(remote);

/** The manifest URL this tab loads the remote from, once registered. */
export const registeredEntry = (remote: RemoteName) => registered.get(remote);
