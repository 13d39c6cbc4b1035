import { REMOTE_MANIFEST } from '@auditdesk/shared/remotes';
import type { RemoteName } from '../remotes/remotePages';

/** What the banner calls each remote: "A new version of Leads is available". */
export const REMOTE_LABELS = Object.fromEntries(
  REMOTE_MANIFEST.map((remote) => [remote.name, 'inSentence' in remote ? remote.inSentence : remote.label]),
) as Record<RemoteName, string>;
