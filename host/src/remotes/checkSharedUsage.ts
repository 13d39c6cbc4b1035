import { missingSharedExports, type SharedUsage } from './sharedUsage';

const usages = new Map<string, Promise<SharedUsage | null>>();

/** A build's shared-usage.json, read once per page (or again); null where there is none (dev servers). */
function sharedUsage(url: string, again = false): Promise<SharedUsage | null> {
  let usage = again ? undefined : usages.get(url);
  if (!usage) {
    usage = fetch(url, { cache: 'no-cache' })
      .then((response) => (response.ok ? (response.json() as Promise<SharedUsage>) : null))
      .catch(() => null);
    usages.set(url, usage);
  }
  return usage;
}

/**
 * The host provides react-router-dom and Mantine cut to what the apps used when it was
 * built. A remote deployed later that uses more of them would crash on an undefined
 * export; this refuses it first, with what is missing and what to do.
 */
export async function checkSharedUsage(remote: string, manifestUrl: string, again = false): Promise<void> {
  const [host, needs] = await Promise.all([
    sharedUsage('/shared-usage.json'),
    sharedUsage(new URL('shared-usage.json', new URL(manifestUrl, window.location.href)).href, again),
  ]);
  if (!host || !needs) return;
  const missing = missingSharedExports(host, needs);
  if (missing.length) {
    throw new Error(
      `${remote} uses parts of the shared libraries that this host build does not provide (${missing.join('; ')}). Rebuild and deploy the host to include them.`,
    );
  }
}
