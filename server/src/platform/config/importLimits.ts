import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@auditdesk/shared/core';

/**
 * What reading and checking one imported file may take. A file is untrusted input (anyone
 * with a Manager's account chooses it, and a small .xlsx can unpack to gigabytes): each limit
 * is checked while the file is read, before what it counts is kept, and a file over one is
 * refused (422) with a message naming the limit and its setting. The file is read on a
 * thread of its own (importThreads.ts), which a file over memoryMb ends without harm to the
 * server.
 */
export interface ImportLimits {
  /** Bytes the parts of an .xlsx that are read may unpack to, together. */
  unzippedBytes: number;
  /** Texts in an .xlsx's shared-strings table. */
  sharedStrings: number;
  /** Characters of those texts, together. */
  sharedStringsLength: number;
  /** Columns of a row (a value further right refuses the file). */
  columns: number;
  /** Characters of one cell (Excel's own limit by default). */
  cellLength: number;
  /** Rows after the header (empty rows are not counted). */
  rows: number;
  /** Seconds reading and checking one file may take. */
  seconds: number;
  /** The reading thread's heap, in MB: past it the thread is ended and the file refused. */
  memoryMb: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  unzippedBytes: 256 * 1024 * 1024,
  sharedStrings: 2_000_000,
  sharedStringsLength: 100_000_000,
  columns: IMPORT_MAX_COLUMNS,
  cellLength: 32_767,
  rows: IMPORT_MAX_ROWS,
  seconds: 60,
  memoryMb: 512,
};

/** The setting behind each limit (settingsSchema.ts), named in its message. */
export const IMPORT_LIMIT_SETTINGS: Record<keyof ImportLimits, string> = {
  unzippedBytes: 'IMPORT_MAX_UNZIPPED_BYTES',
  sharedStrings: 'IMPORT_MAX_SHARED_STRINGS',
  sharedStringsLength: 'IMPORT_MAX_SHARED_STRINGS_LENGTH',
  columns: 'IMPORT_MAX_COLUMNS',
  cellLength: 'IMPORT_MAX_CELL_LENGTH',
  rows: 'IMPORT_MAX_ROWS',
  seconds: 'IMPORT_MAX_SECONDS',
  memoryMb: 'IMPORT_MAX_MEMORY_MB',
};

/** A file broke one of the import's limits: it is refused whole, nothing is written. */
export class ImportLimitError extends Error {
  override name = 'ImportLimitError';

  constructor(
    readonly limit: keyof ImportLimits,
    message: string,
  ) {
    super(`${message} Nothing was imported (the limit is the setting ${IMPORT_LIMIT_SETTINGS[limit]}).`);
  }
}
