import { toastFailure, toastSuccess } from '@auditdesk/shared';
import { useState } from 'react';
import { undoLeadAction } from './bulkApi';

/** Undoes an action and says how it went; `busy` while the server works. */
export function useUndoAction() {
  const [busy, setBusy] = useState(false);
  const undo = async (action: { id: number; label: string }): Promise<boolean> => {
    setBusy(true);
    try {
      await undoLeadAction(action.id);
      toastSuccess(`${action.label} was undone.`, 'Undone');
      return true;
    } catch (error) {
      toastFailure(error instanceof Error ? error.message : 'The action could not be undone.', 'Not undone');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { undo, busy };
}
