import { CHOICE_FIELDS, leadFieldRow, type ChoiceField } from '@auditdesk/shared';
import type { LeadRow } from './leadTypes';

export type { ChoiceField };

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** For each choice field: the standard values first, then the others the leads use, A to Z. */
export function knownValues(rows: readonly LeadRow[]): Record<ChoiceField, string[]> {
  const result = {} as Record<ChoiceField, string[]>;
  for (const field of CHOICE_FIELDS) {
    // the vocabulary of event-format.md (the field table's), offered even before any lead uses it
    const standard = leadFieldRow(field).choices!;
    const seen = new Set(standard.map((value) => value.toLowerCase()));
    const others = new Map<string, string>();
    for (const row of rows) {
      const value = row[field].trim();
      const key = value.toLowerCase();
      if (value && !seen.has(key) && !others.has(key)) others.set(key, value);
    }
    result[field] = [...standard, ...[...others.values()].sort(collator.compare)];
  }
  return result;
}
