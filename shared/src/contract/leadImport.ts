import { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_OUTCOMES } from './leadImportVocabulary';

/**
 * Which field each column of the file goes to, in the file's column order; null: not
 * imported. Sent as JSON text in the multipart field `mapping`; without it the server
 * proposes one from the header.
 */
export const importMapping = z
  .array(z.enum(IMPORT_FIELDS).nullable())
  .max(500, 'At most 500 columns.')
  .refine((fields) => {
    const named = fields.filter((field) => field !== null);
    return new Set(named).size === named.length;
  }, 'Each field can take one column only.');
export type ImportMapping = z.infer<typeof importMapping>;

/** What importing one row of the file does (or why it cannot). */
export const importRowOutcome = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The lead's customer name as it will be (or as the row gives it). */
  customerName: z.string(),
  /** The existing lead an update or unchanged row matched, by its Lead ID. */
  leadId: z.string().nullable(),
  /** The fields an update changes. */
  fields: z.array(z.enum(IMPORT_FIELDS)),
  /** Why an error row cannot be imported. */
  reason: z.string().nullable(),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcome>;

export const importTotals = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type ImportTotals = z.infer<typeof importTotals>;

/** POST /leads/import/preview: what an import of the file would do, nothing written. */
export const importPreview = z.object({
  fileName: z.string(),
  /** The file's header row, cell by cell. */
  header: z.array(z.string()),
  mapping: importMapping,
  totals: importTotals,
  /** Errors first, then the other rows in file order: at most IMPORT_PREVIEW_ROWS of them. */
  rows: z.array(importRowOutcome),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** POST /leads/import: what was written, as one action of the lead history. */
export const importResult = z.object({
  /** The lead action (kind import) its history entries point to; null when nothing changed. */
  actionId: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows left out because they are not valid (only with acceptInvalid). */
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** The multipart text field that says to write the valid rows when some are not valid. */
export const acceptInvalidField = z.enum(['true', 'false']).transform((value) => value === 'true');
