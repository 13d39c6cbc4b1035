import { restoreSession } from '@auditdesk/shared';
import { useEffect } from 'react';

let started = false;

/** Checks the stored session with the server once per page load. */
export function useRestoreSessionOnce(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void restoreSession();
  }, []);
}
