import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { loadPageAgain } from './loadPageAgain';
import { loadReportsPlugin, reportPageLoad } from './loadReports';
import { loaded, registered } from './registeredRemotes';
import type { RemotePageDefinition } from './remotePages';
import { remoteUrls } from './remoteUrls';

let reporting = false;

async function register(page: RemotePageDefinition, again: boolean): Promise<void> {
  if (!reporting) {
    registerPlugins([loadReportsPlugin()]);
    reporting = true;
  }
  const entry = (await remoteUrls(again))[page.remote];
  if (!entry) throw new Error(`/remotes.json gives no address for ${page.remote}.`);
  const current = registered.get(page.remote);
  if (!again && (current === entry || (current && loaded.has(page.remote)))) return;
  // A page never runs two releases of one remote: their chunks share one registry
  // (webpackChunk<name>), so chunks of the first (even of a load that failed, which the
  // runtime preloads beside the entry) would be taken for the second's. Another release of a
  // remote this page already tried is taken by loading the page again.
  if (current !== undefined && current !== entry) await loadPageAgain();
  // force drops what the runtime cached of an earlier, failed attempt of the same release
  registerRemotes([{ name: page.remote, entry }], { force: current !== undefined });
  registered.set(page.remote, entry);
}

/**
 * Fetches a remote's page component through the federation runtime. `again` reads
 * /remotes.json again and re-registers the remote, so a retry really goes back to the network
 * and to this person's release now (another one than this page tried: by loading the page again).
 */
export async function loadRemotePage(page: RemotePageDefinition, again = false): Promise<ComponentType> {
  await register(page, again);
  // whether the remote fits this host was checked when its release was promoted
  const module = await loadRemote<{ default?: ComponentType }>(`${page.remote}${page.module.slice(1)}`);
  if (!module?.default) {
    throw new Error(`${page.remote} loaded, but ${page.module} has no default export.`);
  }
  if (!loaded.has(page.remote)) reportPageLoad(page.remote);
  loaded.add(page.remote);
  return module.default;
}
