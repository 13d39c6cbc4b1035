import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemotePageDefinition } from './remotePages';
import { remoteUrls } from './remoteUrls';

const registered = new Set<string>();

async function register(page: RemotePageDefinition, again: boolean): Promise<void> {
  if (registered.has(page.remote) && !again) return;
  const urls = await remoteUrls();
  const entry = urls[page.remote];
  if (!entry) throw new Error(`/remotes.json gives no address for ${page.remote}.`);
  // force drops what the runtime cached of an earlier, failed attempt
  registerRemotes([{ name: page.remote, entry }], { force: registered.has(page.remote) });
  registered.add(page.remote);
}

/**
 * Fetches a remote's page component through the federation runtime. `again` re-registers
 * the remote, so a retry really goes back to the network.
 */
export async function loadRemotePage(page: RemotePageDefinition, again = false): Promise<ComponentType> {
  await register(page, again);
  // whether the remote fits this host was checked when its release was promoted
  const module = await loadRemote<{ default?: ComponentType }>(`${page.remote}${page.module.slice(1)}`);
  if (!module?.default) {
    throw new Error(`${page.remote} loaded, but ${page.module} has no default export.`);
  }
  return module.default;
}
