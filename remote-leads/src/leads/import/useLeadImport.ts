import type {
  ImportDuplicateChoices,
  ImportField,
  ImportMapping,
  ImportPreview,
  ImportResult,
} from '@auditdesk/shared';
import { useCallback, useRef, useState } from 'react';
import { DEFAULT_DUPLICATE_CHOICES, type ImportApi, type ImportChoices } from './importApi';

/** Where an import stands: a file being sent, read by the server, or written. */
export type ImportPhase = 'idle' | 'sending' | 'checking' | 'writing';

/** What a row that looks like existing leads does: update one of them (by its Lead ID), or be a new lead. */
export type DuplicateChoice = string | 'new';

/** The column's new field; a field another column had is taken from it (a field takes one column). */
export function remapped(mapping: ImportMapping, column: number, field: ImportField | null): ImportMapping {
  return mapping.map((current, index) =>
    index === column ? field : field !== null && current === field ? null : current,
  );
}

/**
 * The import dialog's state: the chosen file, its preview under the current mapping and the
 * choices made for rows that look like existing leads, the progress of what is being sent,
 * and the last error. Every preview and the import send the file again (the server keeps
 * nothing between requests), with the choices.
 */
export function useLeadImport(api: ImportApi, onImported: (fileName: string, result: ImportResult) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [duplicates, setDuplicates] = useState<ImportDuplicateChoices>(DEFAULT_DUPLICATE_CHOICES);
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
    async (chosen: File, choices: ImportChoices) => {
      const request = ++latest.current;
      setError(null);
      try {
        const answer = await api.preview(chosen, choices, track('sending', 'checking'));
        if (request === latest.current) setPreview(answer);
      } catch (failure) {
        if (request === latest.current) {
          setError((failure as Error).message);
          if (!choices.mapping) setPreview(null);
        }
      } finally {
        if (request === latest.current) setPhase('idle');
      }
    },
    [api],
  );

  /** Previews again with changed duplicate choices (the mapping as it is). */
  const rechoose = (next: ImportDuplicateChoices) => {
    if (!file || !preview) return;
    setDuplicates(next);
    void look(file, { mapping: preview.mapping, duplicates: next });
  };

  return {
    file,
    preview,
    duplicates,
    phase,
    percent,
    error,
    choose(chosen: File | null) {
      setFile(chosen);
      setPreview(null);
      setError(null);
      setDuplicates(DEFAULT_DUPLICATE_CHOICES);
      if (chosen) void look(chosen, { mapping: null, duplicates: DEFAULT_DUPLICATE_CHOICES });
    },
    remap(column: number, field: ImportField | null) {
      if (!file || !preview) return;
      const mapping = remapped(preview.mapping, column, field);
      setPreview({ ...preview, mapping });
      void look(file, { mapping, duplicates });
    },
    /** One row: update this lead (by its Lead ID), or make a new lead. */
    chooseDuplicate(row: number, choice: DuplicateChoice) {
      rechoose({ ...duplicates, rows: { ...duplicates.rows, [String(row)]: choice } });
    },
    /** Every row that looks like a lead and was not chosen one by one. */
    chooseAllDuplicates(all: ImportDuplicateChoices['all']) {
      rechoose({ all, rows: {} });
    },
    async importRows() {
      if (!file || !preview) return;
      const request = ++latest.current;
      setError(null);
      try {
        const result = await api.run(
          file,
          { mapping: preview.mapping, duplicates },
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

export type LeadImportState = ReturnType<typeof useLeadImport>;
