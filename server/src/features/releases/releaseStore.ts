import fs from 'node:fs';
import path from 'node:path';
import type { RemoteDefinition } from '../../platform/config/remotes';
import { buildFiles, copyBuildFiles } from './buildFiles';

/** The URL path releases are served under when the server serves the store itself. */
export const RELEASES_PATH = '/releases';

/**
 * The release store on disk: one folder per release, <dir>/<remote path>/<version>/, written
 * once and never changed (a folder that exists is never overwritten). Browsers fetch it from
 * /releases on this server, or from `publicUrl` where the folder is copied to a static host.
 */
export function createReleaseStore({ dir, publicUrl }: { dir: string; publicUrl?: string }) {
  const folderOf = (remote: RemoteDefinition, version: string) => path.join(dir, remote.path, version);

  return {
    dir,

    /** Where the host fetches a release's manifest. */
    manifestUrl(remote: RemoteDefinition, version: string): string {
      return `${publicUrl ?? RELEASES_PATH}/${remote.path}/${version}/mf-manifest.json`;
    },

    has: (remote: RemoteDefinition, version: string) => fs.existsSync(folderOf(remote, version)),

    /**
     * Copies a build's own files (no links, no source maps: see buildFiles) into the store as
     * this release. The copy is made beside the store and renamed into place, so a release
     * folder is either whole or absent.
     */
    publish(remote: RemoteDefinition, version: string, buildDir: string): void {
      const files = buildFiles(buildDir);
      const target = folderOf(remote, version);
      if (fs.existsSync(target)) throw new Error(`${remote.name} ${version} is already in the store.`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const staging = `${target}.incoming-${process.pid}`;
      fs.rmSync(staging, { recursive: true, force: true });
      try {
        copyBuildFiles(buildDir, files, staging);
        fs.renameSync(staging, target);
      } catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw error;
      }
    },

    /** A file of a release, or null when the store does not have it. */
    read(remote: RemoteDefinition, version: string, file: string): string | null {
      try {
        return fs.readFileSync(path.join(folderOf(remote, version), file), 'utf8');
      } catch {
        return null;
      }
    },

    remove(remote: RemoteDefinition, version: string): void {
      fs.rmSync(folderOf(remote, version), { recursive: true, force: true });
    },
  };
}

export type ReleaseStore = ReturnType<typeof createReleaseStore>;
