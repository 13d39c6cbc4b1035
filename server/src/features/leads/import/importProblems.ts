import { HttpProblem } from '../../../platform/errors/httpProblem';

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
