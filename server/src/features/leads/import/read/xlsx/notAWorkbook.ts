import { unprocessable } from '../../importProblems';

/** The file is not an .xlsx workbook this import can read; `why` says what was wrong, if known. */
export const notAWorkbook = (why?: string) =>
  unprocessable(
    `The file is not a readable .xlsx workbook${why ? ` (${why})` : ''}. Choose a .csv or .xlsx file.`,
  );
