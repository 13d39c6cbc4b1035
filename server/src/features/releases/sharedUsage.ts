/**
 * What a build needs of each tree-shaken shared library and what it provides, from its
 * shared-usage.json (written by scripts/webpack/sharedTreeShaking.cjs). '*' means every
 * export.
 */
export interface SharedUsage {
  needs: Record<string, string[]>;
  provides: Record<string, string[]>;
}

const ALL = '*';

/**
 * The exports a remote needs that the host's build does not provide, as
 * "library: name, name" lines (none when the host provides a library whole).
 */
export function missingSharedExports(host: SharedUsage, remote: SharedUsage): string[] {
  const missing: string[] = [];
  for (const [library, needed] of Object.entries(remote.needs)) {
    const provided = host.provides[library];
    if (!provided || provided.includes(ALL)) continue;
    const available = new Set(provided);
    const absent = needed.filter((name) => name === ALL || !available.has(name));
    if (absent.length) missing.push(`${library}: ${absent.join(', ')}`);
  }
  return missing;
}
