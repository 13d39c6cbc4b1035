import { IMPORT_FIELDS, leadFieldRow, type ImportField, type ImportMapping } from '@auditdesk/shared/core';
import { normalizeKey } from '../record/normalizeKey';

/**
 * The names a column of each field goes by: the spec's field name (also the spreadsheet
 * sink's header), its label (the leads screen's header, what the export writes), and the
 * field table's other spellings.
 */
const COLUMN_NAMES = Object.fromEntries(
  IMPORT_FIELDS.map((field) => {
    const row = leadFieldRow(field);
    return [field, [field, row.label, ...(row.import?.aliases ?? [])]];
  }),
) as Record<ImportField, string[]>;

/** Header text → field, compared as keys are (case, spaces, `-` and `_` do not matter). */
const BY_NAME = new Map<string, ImportField>(
  (Object.entries(COLUMN_NAMES) as [ImportField, string[]][]).flatMap(([field, names]) =>
    names.map((name) => [normalizeKey(name), field] as const),
  ),
);

/** The field a header names, if any. */
export const fieldNamed = (header: string): ImportField | null => BY_NAME.get(normalizeKey(header)) ?? null;

/**
 * A mapping from the header: each column to the field its name says, the first column of
 * a name winning; columns of no known name (Week View, Last Synced…) are not imported.
 */
export function proposeMapping(header: readonly string[]): ImportMapping {
  const taken = new Set<ImportField>();
  return header.map((name) => {
    const field = fieldNamed(name);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
