import type { FederationManifest } from './federationManifest';
import { missingSharedExports, type SharedUsage } from './sharedUsage';
import { versionSatisfies } from './versionSatisfies';

/** A build as the check reads it: its federation manifest and what it needs of the shared libraries. */
export interface BuildFacts {
  manifest: FederationManifest;
  /** null: the build wrote no shared-usage.json */
  usage: SharedUsage | null;
}

export interface CompatibilityInput {
  /** The federation container name the host loads the release as. */
  remote: string;
  release: BuildFacts;
  /** The host that is live; null: the server has no built host to compare with. */
  host: BuildFacts | null;
  /** The modules the host routes to. */
  routedModules: readonly string[];
}

/** The shared libraries a build takes from the host alone: it bundles no code of its own for them. */
function takenFromHost(entry: FederationManifest['shared'][number]): boolean {
  return !!entry.assets && entry.assets.js.sync.length === 0 && entry.assets.js.async.length === 0;
}

/**
 * What stops a release from working in the live host, one sentence each (none: it fits):
 * its manifest names another container or no entry, it lacks a module the host routes to, it
 * needs a shared library version or export the host does not provide.
 */
export function compatibilityProblems({
  remote,
  release,
  host,
  routedModules,
}: CompatibilityInput): string[] {
  const problems: string[] = [];
  const { manifest } = release;
  if (manifest.name !== remote)
    problems.push(`Its manifest is for the container ${manifest.name}, not ${remote}.`);
  if (!manifest.metaData.remoteEntry.name) problems.push('Its manifest names no remote entry file.');
  const exposed = new Set(manifest.exposes.map((expose) => expose.path));
  for (const module of routedModules) {
    if (!exposed.has(module)) problems.push(`It does not expose ${module}, which the host opens.`);
  }
  if (!host) return problems;

  const hostShared = new Map(host.manifest.shared.map((entry) => [entry.name, entry]));
  for (const entry of release.manifest.shared) {
    const provided = hostShared.get(entry.name);
    if (!provided) {
      if (takenFromHost(entry))
        problems.push(`It takes ${entry.name} from the host, and the live host does not share it.`);
      continue;
    }
    if (entry.requiredVersion && !versionSatisfies(provided.version, entry.requiredVersion))
      problems.push(
        `It needs ${entry.name} ${entry.requiredVersion}; the live host provides ${provided.version}.`,
      );
  }
  if (host.usage && release.usage) {
    for (const missing of missingSharedExports(host.usage, release.usage))
      problems.push(`It uses exports the live host does not provide: ${missing}.`);
  }
  return problems;
}
