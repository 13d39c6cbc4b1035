// The import's vocabulary, without zod: the browser bundles import it as it is.

/** The fields a file's column can be imported into: the field table's (leadFields.ts). */
export { IMPORT_FIELDS, type ImportField } from './leadFields';

/** The file types an import reads, by extension. */
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** Rows one file may hold (not counting its header and empty rows); IMPORT_MAX_ROWS may lower it. */
export const IMPORT_MAX_ROWS = 100_000;

/** Columns one file may hold; IMPORT_MAX_COLUMNS may lower it. */
export const IMPORT_MAX_COLUMNS = 500;

/** Row outcomes a preview lists at most; the totals always count every row. */
export const IMPORT_PREVIEW_ROWS = 1000;

export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
