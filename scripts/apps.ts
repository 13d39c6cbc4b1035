import fs from 'node:fs';
import path from 'node:path';
import { HOST_APP } from '@auditdesk/shared/core';
import { REMOTES } from '../server/src/platform/config/remotes';

export const ROOT = path.resolve(__dirname, '..');

export interface WebApp {
  /** pnpm package name and folder */
  name: string;
  devPort: number;
  /** a file that exists once the app is built */
  builtMarker: string;
}

/** The five browser apps: the host, then the remotes (shared/src/contract/remoteManifest.ts). */
export const WEB_APPS: WebApp[] = [
  { name: HOST_APP.folder, devPort: HOST_APP.devPort, builtMarker: 'index.html' },
  ...REMOTES.map((remote) => ({
    name: remote.folder,
    devPort: remote.devPort,
    builtMarker: 'mf-manifest.json',
  })),
];

/** Server settings for `pnpm dev`: remotes on their own dev servers, sign-in returning to the host's. */
export function devServerSettings(): Record<string, string> {
  return {
    ...Object.fromEntries(
      REMOTES.map((remote) => [remote.setting, `http://localhost:${remote.devPort}/mf-manifest.json`]),
    ),
    ALLOWED_ORIGINS: `http://localhost:${HOST_APP.devPort}`,
  };
}

export function isBuilt(app: WebApp): boolean {
  return fs.existsSync(path.join(ROOT, app.name, 'dist', app.builtMarker));
}
