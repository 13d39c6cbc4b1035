import { HttpProblem } from '../../errors/httpProblem';

/** The file was read but cannot be imported as it is (no header, not a spreadsheet…). */
export const unprocessable = (detail: string) => new HttpProblem(422, detail);

export const unsupportedFile = (fileName: string) =>
  new HttpProblem(415, `${fileName} is not a .csv or .xlsx file. Choose a .csv or .xlsx file.`);

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const fileTooLarge = (maxBytes: number) =>
  new HttpProblem(
    413,
    `The file is larger than ${megabytes(maxBytes)}, the most one import takes. Split it into smaller files.`,
  );
