import {
  REMOTE_MANIFEST,
  type RemoteDefinition as ManifestEntry,
  type RemoteName,
} from '@auditdesk/shared/core';

/** The setting that pins a remote's manifest URL: REMOTE_LEADS_URL for path 'leads'. */
type RemoteSetting<Path extends string> = `REMOTE_${Uppercase<Path>}_URL`;

/**
 * The four remotes as the server knows them, derived from the one manifest
 * (shared/src/contract/remoteManifest.ts): its fields plus the setting that pins each one and
 * the modules the host routes to (a release must expose every one).
 */
export const REMOTES = REMOTE_MANIFEST.map((remote) => ({
  ...remote,
  setting: `REMOTE_${remote.path.toUpperCase()}_URL` as RemoteSetting<ManifestEntry['path']>,
  exposes: remote.pages.map((page) => page.module),
}));

export type RemoteDefinition = (typeof REMOTES)[number];

export function defaultRemoteUrl(remote: RemoteDefinition): string {
  return `/remotes/${remote.path}/mf-manifest.json`;
}

export function remoteNamed(name: RemoteName): RemoteDefinition {
  return REMOTES.find((remote) => remote.name === name)!;
}
