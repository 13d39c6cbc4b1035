import { spawnSync } from 'node:child_process';
import { isBuilt, ROOT, WEB_APPS } from './apps';

/**
 * Builds the browser apps that have no build yet (two at a time: this is a 2-core box).
 * Remotes first: the host provides the shared libraries cut to what the remotes use,
 * which it reads from their builds.
 */
export function ensureBuilt(): void {
  const missing = WEB_APPS.filter((app) => !isBuilt(app));
  if (missing.length === 0) return;
  console.log(`Building ${missing.map((app) => app.name).join(', ')} (first start only)...`);
  const remotes = missing.filter((app) => app.name !== 'host');
  const host = missing.filter((app) => app.name === 'host');
  for (const batch of [remotes, host].filter((apps) => apps.length > 0)) {
    const filters = batch.flatMap((app) => ['--filter', app.name]);
    const result = spawnSync('pnpm', [...filters, '--workspace-concurrency=2', 'run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      throw new Error(`Building ${batch.map((app) => app.name).join(', ')} failed; see the output above.`);
    }
  }
}
