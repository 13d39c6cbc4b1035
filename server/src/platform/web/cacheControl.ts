import path from 'node:path';

/** Content-hashed chunks never change; entry files (HTML, remoteEntry, manifest, main) always may. */
const HASHED = /\.[0-9a-f]{8}\.(js|css|map|png|svg|woff2?)$/;

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
