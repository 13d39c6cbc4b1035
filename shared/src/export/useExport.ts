import { useState } from 'react';
import { errorMessage } from '../api/apiErrors';
import { toastFailure } from '../feedback/toast';
import { downloadTable, type ExportFormat } from './exportFile';
import type { ExportTable } from './exportTable';

/**
 * Downloads what `build` answers at the moment of the click, in the chosen format; a
 * failure becomes a toast.
 */
export function useExport(build: () => ExportTable, baseName: () => string) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadTable(build(), format, baseName());
    } catch (error) {
      toastFailure(errorMessage(error), 'Export failed');
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
