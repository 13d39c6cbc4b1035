/** Origins other than our own that the remotes are loaded from (for the CSP). */
export function remoteOrigins(remoteUrls: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remoteUrls)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}
