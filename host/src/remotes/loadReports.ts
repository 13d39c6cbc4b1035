import type * as Shared from '@auditdesk/shared';
import type { RemoteLoadError } from '@auditdesk/shared/core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { registeredEntry } from './registeredRemotes';
import { REMOTE_PAGES, type RemoteName } from './remotePages';
import { releaseVersionOf } from './remoteUrls';
import { TAB_ID } from './tabId';

type Phase = RemoteLoadError['phase'];
type Lifecycle = 'beforeRequest' | 'beforeLoadShare' | 'afterResolve' | 'onLoad';

/** One failed load is told once, though the runtime emits it at each level it passes. */
const QUIET_AFTER_REPORT_MS = 2_000;
const lastReported = new Map<RemoteName, number>();
const REMOTE_NAMES = new Set<string>(REMOTE_PAGES.map((page) => page.remote));

/** The phase of a remote load the runtime failed in, from its lifecycle step and its error. */
export function phaseOf(lifecycle: Lifecycle, error: unknown): Phase {
  if (lifecycle === 'afterResolve') return 'manifest';
  if (lifecycle === 'beforeLoadShare') return 'shared';
  if (lifecycle === 'beforeRequest') return 'entry';
  const text = String(error instanceof Error ? error.message : error);
  if (/manifest/i.test(text)) return 'manifest';
  if (/RUNTIME-008|remoteEntry|load script|ScriptExecutionError/i.test(text)) return 'entry';
  if (/\binit\b|RUNTIME-00[12]/i.test(text)) return 'init';
  if (/factory/i.test(text)) return 'factory';
  return 'expose';
}

// imported when used: this module loads before the shell's async boundary (preloadRemotePage),
// where a shared singleton cannot be taken yet
const send = (report: (shared: typeof Shared) => Promise<unknown>) =>
  void import('@auditdesk/shared').then(report).catch(() => undefined); // telling is best effort

const versionOf = (remote: RemoteName) => {
  const entry = registeredEntry(remote);
  return entry ? releaseVersionOf(entry) : null;
};

/**
 * Tells the server a remote failed to load here, or its page crashed after it loaded ('render':
 * the error boundary caught it); the Releases page counts them per release, the watch compares
 * them.
 */
export function reportLoadError(remote: RemoteName, phase: Phase, error: unknown): void {
  const now = Date.now();
  if (now - (lastReported.get(remote) ?? 0) < QUIET_AFTER_REPORT_MS) return;
  lastReported.set(remote, now);
  const text = error instanceof Error ? error.message : String(error);
  const body = {
    remote,
    version: versionOf(remote),
    phase,
    error: text.slice(0, 2000),
    route: window.location.pathname.slice(0, 512),
    tab: TAB_ID,
  };
  send(({ apiResult, routes }) => apiResult(routes.releasesReportLoadError, { body }));
}

/**
 * Tells the server a remote's page loaded in this tab: counted per release, and the server
 * keeps answering this tab that release (a built-in build too) until the page is reloaded.
 */
export function reportPageLoad(remote: RemoteName): void {
  const body = { remote, version: versionOf(remote), tab: TAB_ID };
  send(({ apiResult, routes }) => apiResult(routes.releasesReportPageLoad, { body }));
}

/** The remote an id such as "remote_leads/LeadsPage" (or the runtime's remote info) names. */
function remoteOf(id: string, name?: string): RemoteName | null {
  const candidate = name ?? id.split('/')[0] ?? '';
  return REMOTE_NAMES.has(candidate) ? (candidate as RemoteName) : null;
}

/**
 * The host's federation runtime plugin that reports every failed remote load. It changes
 * nothing of the load itself: the route still shows its failure panel.
 */
export function loadReportsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'auditdesk-load-reports',
    errorLoadRemote(args) {
      const remote = remoteOf(args.id, args.remote?.name);
      if (remote) reportLoadError(remote, phaseOf(args.lifecycle, args.error), args.error);
      return undefined;
    },
  };
}
