import type { ReactNode } from 'react';
import { useIsAdmin } from '../auth/useIsAdmin';
import { AccessDenied } from './AccessDenied';

/**
 * An admin-only page (the remote manifest's `adminOnly`), in the host and on a remote's own
 * dev server: not even fetched for others, who read why; the server refuses them anyway.
 */
export function AdminOnly({ deniedMessage, children }: { deniedMessage: string; children: ReactNode }) {
  return useIsAdmin() ? children : <AccessDenied message={deniedMessage} />;
}
