/**
 * Characters that make a spreadsheet program read a cell as a formula (OWASP "CSV
 * injection"): = + - @, and tab or carriage return before them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const startsLikeFormula = (text: string) => FORMULA_START.test(text);

/**
 * Text a CSV reader must take as text. A CSV cell has no type, so a leading apostrophe
 * marks it, as the spreadsheet programs themselves do; the .xlsx export (like the
 * server's spreadsheet sink) writes such text as a string cell instead.
 */
export function neutralizeFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}
