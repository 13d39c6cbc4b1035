import type { ImportResult } from '@auditdesk/shared';
import { toastSuccess } from '@auditdesk/shared';
import { undoLeadAction } from '../bulk/bulkApi';
import { showWithUndo } from '../bulk/undoToast';
import { importDone } from './importChoice';

/**
 * Says what an import wrote, with **Undo** (the bulk actions' own: it puts back what the
 * import replaced and removes the leads it created, if none changed since) and **Show the
 * imported leads** (the leads screen filtered to exactly them). An import that wrote
 * nothing has neither.
 */
export function showImportDoneToast(
  fileName: string,
  result: ImportResult,
  showImported: (actionId: number) => void,
): void {
  const text = importDone(fileName, result);
  const { actionId } = result;
  if (actionId === null) return toastSuccess(text);
  showWithUndo(
    `lead-import-${actionId}`,
    'Import done',
    text,
    { run: () => undoLeadAction(actionId), done: `The import of ${fileName} was undone.` },
    { label: 'Show the imported leads', onClick: () => showImported(actionId) },
  );
}
