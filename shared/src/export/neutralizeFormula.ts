/**
 * Characters that make a spreadsheet program read a cell as a formula (OWASP "CSV
 * injection"): = + - @, and tab or carriage return before them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A reader may split a field on a separator other than the comma: Excel in German, French,
 * Dutch, Spanish or Italian settings splits on `;`, others on tab or `|`. A formula start
 * right after one of them would begin a cell there.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t|])(?=[=+\-@\t\r])/g;

export const startsLikeFormula = (text: string) => FORMULA_START.test(text);

/**
 * Text a CSV reader must take as text, however it splits the line. A CSV cell has no type,
 * so a leading apostrophe marks it, as the spreadsheet programs themselves do; the .xlsx
 * export (like the server's spreadsheet sink) writes such text as a string cell instead.
 */
export function neutralizeFormula(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return startsLikeFormula(inner) ? `'${inner}` : inner;
}

const NEUTRALIZED_AFTER_SEPARATOR = /([,;\t|])'(?=[=+\-@\t\r])/g;

/**
 * The text a CSV cell held before neutralizeFormula marked it: an import reads the export's
 * own files back as they were written. Text without the marks is left as it is.
 */
export function restoreNeutralizedFormula(text: string): string {
  const inner = text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text;
  return inner.replace(NEUTRALIZED_AFTER_SEPARATOR, '$1');
}
