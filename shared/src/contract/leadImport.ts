import { z } from 'zod';
import { DUPLICATE_REASONS } from './duplicates';
import { IMPORT_FIELDS, IMPORT_MAX_COLUMNS, IMPORT_OUTCOMES } from './leadImportVocabulary';

/**
 * Which field each column of the file goes to, in the file's column order; null: not
 * imported. Sent as JSON text in the multipart field `mapping`; without it the server
 * proposes one from the header.
 */
export const importMapping = z
  .array(z.enum(IMPORT_FIELDS).nullable())
  .max(IMPORT_MAX_COLUMNS, `At most ${IMPORT_MAX_COLUMNS} columns.`)
  .refine((fields) => {
    const named = fields.filter((field) => field !== null);
    return new Set(named).size === named.length;
  }, 'Each field can take one column only.');
export type ImportMapping = z.infer<typeof importMapping>;

/** An existing lead a row of the file looks like, and why (the possible duplicates' reasons). */
export const importDuplicate = z.object({
  leadId: z.string(),
  customerName: z.string(),
  scheduledDate: z.string().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/** What importing one row of the file does (or why it cannot). */
export const importRowOutcome = z.object({
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The lead's customer name as it will be (or as the row gives it). */
  customerName: z.string(),
  /** The existing lead an update or unchanged row matched (by its Lead ID, or as a duplicate), by its Lead ID. */
  leadId: z.string().nullable(),
  /** The fields an update changes. */
  fields: z.array(z.enum(IMPORT_FIELDS)),
  /** Why an error row cannot be imported. */
  reason: z.string().nullable(),
  /**
   * A row without a Lead ID of a live lead that looks like existing leads (the likeliest
   * first, at most 3): an update or unchanged row goes to the one `leadId` names, a create
   * row is a new lead anyway, as the person chose (`duplicates` of the form).
   */
  duplicates: z.array(importDuplicate),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcome>;

export const importTotals = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
  /** Rows that look like an existing lead (counted also as what they do: update, create…). */
  duplicates: z.number().int(),
});
export type ImportTotals = z.infer<typeof importTotals>;

/** POST /leads/import/preview: what an import of the file would do, nothing written. */
export const importPreview = z.object({
  fileName: z.string(),
  /** The file's header row, cell by cell. */
  header: z.array(z.string()),
  mapping: importMapping,
  totals: importTotals,
  /** Errors first, then the rows that look like existing leads, then the others, each in file order: at most IMPORT_PREVIEW_ROWS. */
  rows: z.array(importRowOutcome),
  /** The same file (the same bytes) was imported before: the latest such import. */
  alreadyImported: z
    .object({
      actionId: z.number().int(),
      label: z.string(),
      at: z.string(),
      /** Who imported it (null: a person since removed, or the command line). */
      by: z.string().nullable(),
      /** When that import was undone, if it was. */
      undoneAt: z.string().nullable(),
    })
    .nullable(),
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

/**
 * What to do with rows that look like an existing lead, sent as JSON text in the multipart
 * field `duplicates`: by default (`all`) update the likeliest lead or make a new lead; and row
 * by row (by the row's number), the Lead ID of the lead to update (one of the row's
 * duplicates) or `new`.
 */
export const importDuplicateChoices = z.strictObject({
  all: z.enum(['update', 'new']).default('update'),
  rows: z
    .record(z.string().regex(/^[1-9][0-9]{0,6}$/, 'expected a row number'), z.string().min(1).max(200))
    .default({}),
});
export type ImportDuplicateChoices = z.output<typeof importDuplicateChoices>;

/** The multipart text field that says to write the valid rows when some are not valid. */
export const acceptInvalidField = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /leads/import/{id}/leads: the live leads an import (its action) created or changed. */
export const importedLeads = z.object({
  actionId: z.number().int(),
  /** The import's label, e.g. "import leads.csv". */
  label: z.string(),
  at: z.string(),
  undoneAt: z.string().nullable(),
  leadIds: z.array(z.number().int()),
});
export type ImportedLeads = z.infer<typeof importedLeads>;
