import { formatNumber, type ImportField, type ImportResult, type ImportTotals } from '@auditdesk/shared';
import { LEAD_FIELD_LABELS } from '../leadFieldLabels';

/** A field as the mapping and the preview name it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = { ...LEAD_FIELD_LABELS, leadId: 'Lead ID' };

const rows = (count: number) => `${formatNumber(count)} ${count === 1 ? 'row' : 'rows'}`;

/** What the person can do after a preview: the button, and what it leaves out. */
export type ImportChoice =
  | { kind: 'nothing'; note: string }
  | { kind: 'all'; label: string }
  | { kind: 'valid'; label: string; note: string }
  | { kind: 'none-valid'; note: string };

export function importChoice(totals: ImportTotals): ImportChoice {
  const valid = totals.rows - totals.error;
  const changes = totals.create + totals.update;
  if (totals.error > 0 && changes === 0)
    return {
      kind: 'none-valid',
      note: `${rows(totals.error)} ${totals.error === 1 ? 'is' : 'are'} not valid and nothing else would change. Fix the file and choose it again.`,
    };
  if (totals.error > 0)
    return {
      kind: 'valid',
      label: `Import the ${formatNumber(valid)} valid ${valid === 1 ? 'row' : 'rows'}`,
      note: `${rows(totals.error)} ${totals.error === 1 ? 'is' : 'are'} not valid and would not be imported. Fix the file and choose it again, or import the valid rows alone.`,
    };
  if (changes === 0)
    return { kind: 'nothing', note: 'Every row matches its lead already: there is nothing to import.' };
  return { kind: 'all', label: `Import ${rows(changes)}` };
}

/** The sentence after an import. */
export function importDone(fileName: string, result: ImportResult): string {
  const parts = [`${formatNumber(result.created)} created`, `${formatNumber(result.updated)} updated`];
  if (result.unchanged > 0) parts.push(`${formatNumber(result.unchanged)} unchanged`);
  if (result.skipped > 0) parts.push(`${formatNumber(result.skipped)} not valid, left out`);
  return `Imported ${fileName}: ${parts.join(', ')}.`;
}
