import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../server/src/platform/config/remotes';

export const ROOT = path.resolve(__dirname, '..');

export interface WebApp {
  /** pnpm package name and folder */
  name: string;
  devPort: number;
  /** a file that exists once the app is built */
  builtMarker: string;
}

const REMOTE_DEV_PORTS: Record<(typeof REMOTES)[number]['folder'], number> = {
  'remote-leads': 3001,
  'remote-scheduling': 3002,
  'remote-sync': 3003,
  'remote-admin': 3004,
};

/** The five browser apps: the host, then the remotes the server knows. */
export const WEB_APPS: WebApp[] = [
  { name: 'host', devPort: 3000, builtMarker: 'index.html' },
  ...REMOTES.map((remote) => ({
    name: remote.folder,
    devPort: REMOTE_DEV_PORTS[remote.folder],
    builtMarker: 'mf-manifest.json',
  })),
];

/** Server settings for `pnpm dev`: remotes on their own dev servers, sign-in returning to the host's. */
export function devServerSettings(): Record<string, string> {
  return {
    ...Object.fromEntries(
      REMOTES.map((remote) => [
        remote.setting,
        `http://localhost:${REMOTE_DEV_PORTS[remote.folder]}/mf-manifest.json`,
      ]),
    ),
    ALLOWED_ORIGINS: 'http://localhost:3000',
  };
}

export function isBuilt(app: WebApp): boolean {
  return fs.existsSync(path.join(ROOT, app.name, 'dist', app.builtMarker));
}
