import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, RemotePageDefinition } from './remotePages';
import { remoteUrls } from './remoteUrls';

/** The entry each remote is registered with in this tab. */
const registered = new Map<RemoteName, string>();
/** The remotes whose page has loaded in this tab: they keep their version until the tab reloads. */
const loaded = new Set<RemoteName>();

async function register(page: RemotePageDefinition, again: boolean): Promise<void> {
  const entry = (await remoteUrls(again))[page.remote];
  if (!entry) throw new Error(`/remotes.json gives no address for ${page.remote}.`);
  const current = registered.get(page.remote);
  if (!again && (current === entry || (current && loaded.has(page.remote)))) return;
  // force drops what the runtime cached of an earlier, failed attempt (or an older release)
  registerRemotes([{ name: page.remote, entry }], { force: current !== undefined });
  registered.set(page.remote, entry);
}

/** Whether this tab has loaded the remote (then a new release needs a reload to show). */
export const hasLoaded = (remote: RemoteName) => loaded.has(remote);

/** The manifest URL this tab loads the remote from, once registered. */
export const registeredEntry = (remote: RemoteName) => registered.get(remote);

/**
 * Fetches a remote's page component through the federation runtime. `again` reads
 * /remotes.json again and re-registers the remote, so a retry really goes back to the network
 * and to what is live now.
 */
export async function loadRemotePage(page: RemotePageDefinition, again = false): Promise<ComponentType> {
  await register(page, again);
  // whether the remote fits this host was checked when its release was promoted
  const module = await loadRemote<{ default?: ComponentType }>(`${page.remote}${page.module.slice(1)}`);
  if (!module?.default) {
    throw new Error(`${page.remote} loaded, but ${page.module} has no default export.`);
  }
  loaded.add(page.remote);
  return module.default;
}
