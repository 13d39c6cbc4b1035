import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../server/src/config/remotes';

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

/** The remote URL settings that point the host at the remotes' own dev servers. */
export function devRemoteSettings(): Record<string, string> {
  return Object.fromEntries(
    REMOTES.map((remote) => [
      remote.setting,
      `http://localhost:${REMOTE_DEV_PORTS[remote.folder]}/mf-manifest.json`,
    ]),
  );
}

export function isBuilt(app: WebApp): boolean {
  return fs.existsSync(path.join(ROOT, app.name, 'dist', app.builtMarker));
}
