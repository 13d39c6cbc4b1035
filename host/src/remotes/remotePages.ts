import { REMOTE_MANIFEST, type RemoteName } from '@auditdesk/shared/remotes';

export type { RemoteName };

/** A route whose page comes from a remote, loaded only when the route opens. */
export interface RemotePageDefinition {
  path: string;
  remote: RemoteName;
  /** The exposed module, as the remote's federation config names it. */
  module: `./${string}`;
  /** What users call this part of the app; also names it in the failure panel. */
  label: string;
  /** The page's name in the browser tab ("Leads · Auditdesk"). */
  title: string;
  /** Admin-only pages name what others are refused. */
  adminOnly: false | { deniedMessage: string };
}

/** Every remote's pages, from the remote manifest (shared/src/contract/remoteManifest.ts). */
export const REMOTE_PAGES: readonly RemotePageDefinition[] = REMOTE_MANIFEST.flatMap((remote) =>
  remote.pages.map((page) => ({
    path: page.route,
    remote: remote.name,
    module: page.module,
    label: page.label,
    title: 'title' in page ? page.title : page.label,
    adminOnly: page.adminOnly,
  })),
);
