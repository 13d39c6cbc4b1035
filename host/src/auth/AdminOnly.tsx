import { AccessDenied, useIsAdmin } from '@auditdesk/shared';
import type { ReactNode } from 'react';

/** Admin pages are not even fetched for others; the server refuses them anyway. */
export function AdminOnly({ deniedMessage, children }: { deniedMessage: string; children: ReactNode }) {
  return useIsAdmin() ? children : <AccessDenied message={deniedMessage} />;
}
