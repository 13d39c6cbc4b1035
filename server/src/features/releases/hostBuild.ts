import fs from 'node:fs';
import path from 'node:path';
import type { BuildFacts } from './compatibility';
import { parseFederationManifest } from './federationManifest';
import type { SharedUsage } from './sharedUsage';

/** A JSON file's text, or null when there is none. */
function readIfThere(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The live host as the compatibility check reads it: the host build this server serves
 * (<webRoot>/host/dist). null when there is no built host (a development server); throws
 * when the host is built but cannot be compared with.
 */
export function readHostBuild(webRoot: string): BuildFacts | null {
  const dist = path.join(webRoot, 'host', 'dist');
  const manifestText = readIfThere(path.join(dist, 'mf-manifest.json'));
  if (!manifestText) {
    if (!fs.existsSync(path.join(dist, 'index.html'))) return null;
    throw new Error(
      'The live host build has no mf-manifest.json to check releases against (it was built before releases existed): build and deploy the host again (pnpm build), then promote.',
    );
  }
  const manifest = parseFederationManifest(manifestText);
  if (typeof manifest === 'string') throw new Error(`The live host's ${manifest}`);
  const usageText = readIfThere(path.join(dist, 'shared-usage.json'));
  return { manifest, usage: usageText ? (JSON.parse(usageText) as SharedUsage) : null };
}
