import type { ImportField, ImportMapping, ImportPreview, ImportResult } from '@auditdesk/shared';
import { useCallback, useRef, useState } from 'react';
import type { ImportApi } from './importApi';

/** Where an import stands: a file being sent, read by the server, or written. */
export type ImportPhase = 'idle' | 'sending' | 'checking' | 'writing';

/** The column's new field; a field another column had is taken from it (a field takes one column). */
export function remapped(mapping: ImportMapping, column: number, field: ImportField | null): ImportMapping {
  return mapping.map((current, index) =>
    index === column ? field : field !== null && current === field ? null : current,
  );
}

/**
 * The import dialog's state: the chosen file, its preview under the current mapping, the
 * progress of what is being sent, and the last error. Every preview and the import send
 * the file again (the server keeps nothing between requests).
 */
export function useLeadImport(api: ImportApi, onImported: (fileName: string, result: ImportResult) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [phase, setPhase] = useState<ImportPhase>('idle');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const track = (sending: ImportPhase, after: ImportPhase) => {
    setPhase(sending);
    setPercent(0);
    return (sent: number, total: number) => {
      setPercent(total > 0 ? Math.round((sent / total) * 100) : 0);
      if (sent >= total) setPhase(after);
    };
  };

  const look = useCallback(
    async (chosen: File, mapping: ImportMapping | null) => {
      const request = ++latest.current;
      setError(null);
      try {
        const answer = await api.preview(chosen, mapping, track('sending', 'checking'));
        if (request === latest.current) setPreview(answer);
      } catch (failure) {
        if (request === latest.current) {
          setError((failure as Error).message);
          if (!mapping) setPreview(null);
        }
      } finally {
        if (request === latest.current) setPhase('idle');
      }
    },
    [api],
  );

  return {
    file,
    preview,
    phase,
    percent,
    error,
    choose(chosen: File | null) {
      setFile(chosen);
      setPreview(null);
      setError(null);
      if (chosen) void look(chosen, null);
    },
    remap(column: number, field: ImportField | null) {
      if (!file || !preview) return;
      const mapping = remapped(preview.mapping, column, field);
      setPreview({ ...preview, mapping });
      void look(file, mapping);
    },
    async importRows() {
      if (!file || !preview) return;
      const request = ++latest.current;
      setError(null);
      try {
        const result = await api.run(
          file,
          preview.mapping,
          preview.totals.error > 0,
          track('sending', 'writing'),
        );
        onImported(preview.fileName, result);
      } catch (failure) {
        if (request === latest.current) setError((failure as Error).message);
      } finally {
        if (request === latest.current) setPhase('idle');
      }
    },
  };
}
