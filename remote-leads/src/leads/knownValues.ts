import type { LeadRow } from './leadTypes';

export type ChoiceField = 'status' | 'auditor' | 'houseType' | 'heatingFuel' | 'provider';

/** The vocabulary of event-format.md, offered even before any lead uses it. */
const STANDARD: Record<ChoiceField, readonly string[]> = {
  status: ['New', 'Scheduled', 'Completed', 'Cancelled'],
  auditor: [],
  houseType: ['Single Family', '2 Family', '3 Family', '4 Family'],
  heatingFuel: ['Gas', 'Oil', 'Propane', 'Electricity'],
  provider: ['National Grid', 'EverSource'],
};

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** For each choice field: the standard values first, then the others the leads use, A to Z. */
export function knownValues(rows: readonly LeadRow[]): Record<ChoiceField, string[]> {
  const result = {} as Record<ChoiceField, string[]>;
  for (const field of Object.keys(STANDARD) as ChoiceField[]) {
    const standard = STANDARD[field];
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
