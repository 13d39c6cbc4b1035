import { IMPORT_LIMIT_SETTINGS, type ImportLimitError } from '../../../platform/config/importLimits';
import { HttpProblem } from '../../../platform/errors/httpProblem';
import type { ImportFailure } from './offThread/threadMessages';

/** The file was read but cannot be imported as it is (no header, not a spreadsheet…). */
export const unprocessable = (detail: string) => new HttpProblem(422, detail);

export const unsupportedFile = (fileName: string) =>
  new HttpProblem(415, `${fileName} is not a .csv or .xlsx file. Choose a .csv or .xlsx file.`);

/** 20 MB, 1.5 MB, or under a megabyte 64 KB. */
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const fileTooLarge = (maxBytes: number) =>
  new HttpProblem(
    413,
    `The file is larger than ${size(maxBytes)}, the most one import takes. Split it into smaller files.`,
  );

/** A file over one of the import's limits: 422 naming the limit and its setting. */
export const limitRefused = (error: ImportLimitError) =>
  new HttpProblem(422, error.message, { limit: error.limit, setting: IMPORT_LIMIT_SETTINGS[error.limit] });

/** The error an import thread answered, as it is thrown on the server. */
export function refusedBy(failure: ImportFailure): Error {
  if (failure.kind === 'limit')
    return new HttpProblem(422, failure.message, {
      limit: failure.limit,
      setting: IMPORT_LIMIT_SETTINGS[failure.limit],
    });
  if (failure.kind === 'problem') return new HttpProblem(failure.status, failure.message, failure.extras);
  return new Error(failure.message);
}
