import { REMOTE_MANIFEST } from '@auditdesk/shared/remotes';
import type { RemoteName } from '@auditdesk/shared/core';

/**
 * Opens the app on the remote's first page in a new page load: a tab keeps the releases it
 * loaded, so only a new page takes the preview (the Releases page itself included).
 */
export function openPreview(remote: RemoteName): void {
  const page = REMOTE_MANIFEST.find((entry) => entry.name === remote)?.pages[0];
  window.location.assign(page?.route ?? '/');
}
