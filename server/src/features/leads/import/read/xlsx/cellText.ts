/** How a number cell's style shows it: as a date (and time), a time of day alone, or a number. */
export type NumberKind = 'date' | 'time' | 'number';

/** Day 0 of Excel's 1900 date system (its serial 1 is 1900-01-01, with the 1900 leap-year bug). */
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
/** Day 0 of the 1904 date system (old Mac workbooks). */
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as yyyy-mm-dd, a moment with a time as ISO 8601 in UTC. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/**
 * A number cell as text: a date cell as its day (or moment, in UTC, to the second), a time
 * cell alone as `HH:MM` (what End Time takes), any other number as JavaScript writes it.
 */
export function numberText(raw: string, kind: NumberKind, date1904: boolean): string {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return raw;
  if (kind === 'time' && value >= 0 && value < 1) {
    const minutes = Math.round(value * 24 * 60) % (24 * 60);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  if (kind === 'number') return String(value);
  const ms = (date1904 ? EPOCH_1904_MS : EPOCH_1900_MS) + Math.round(value * 86_400) * 1000;
  return Math.abs(ms) < 8.64e15 ? dateText(new Date(ms)) : String(value);
}

/** Built-in number formats that show dates: 14–17 and 22, and the East Asian ones. */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58,
]);
/** Built-in number formats that show a time of day alone. */
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 32, 33, 45, 46, 47, 55, 56]);

/** What a number format shows: by its id (built-in) or its code (custom). */
export function kindOfFormat(id: number, code: string | undefined): NumberKind {
  if (code === undefined) return BUILT_IN_DATES.has(id) ? 'date' : BUILT_IN_TIMES.has(id) ? 'time' : 'number';
  // what is in quotes or brackets ("Date", [Red], [$-409]) and escaped characters is shown as it is
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (/[yd]/i.test(bare)) return 'date';
  // m is a month beside a day or year; beside h or s, a minute
  if (/[hs]/i.test(bare)) return 'time';
  return /m/i.test(bare) ? 'date' : 'number';
}

/** Excel's last column, XFD. */
const MAX_COLUMN = 16_384;

/** The column index (A is 0) of letters, or -1 past XFD. */
export function columnIndex(letters: string): number {
  if (letters.length > 3) return -1;
  let index = 0;
  for (let at = 0; at < letters.length; at += 1) index = index * 26 + (letters.charCodeAt(at) & 0x1f);
  return index >= 1 && index <= MAX_COLUMN ? index - 1 : -1;
}

const letters = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : letters(Math.floor(index / 26) - 1) + letters(index % 26);

/**
 * A cell reference, or a text or sheet name in quotes (passed over as they are). A reference
 * stands alone: not part of a longer name (`Sales2024`), not a function (`LOG10(`).
 */
const TOKEN =
  /"(?:[^"]|"")*"|'(?:[^']|'')*'|(?<![A-Za-z0-9_.$])(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(.])/g;

/**
 * A shared formula as it reads in another cell: its relative references moved by the distance
 * between the cells, as Excel does (`A1*2` of B1 is `A2*2` in B2). One pass, no backtracking.
 */
export function slideFormula(
  formula: string,
  from: { row: number; column: number },
  to: { row: number; column: number },
): string {
  return formula.replace(
    TOKEN,
    (token, columnFixed: string, column: string, rowFixed: string, row: string) => {
      if (column === undefined) return token;
      const index = columnIndex(column.toUpperCase());
      if (index === -1) return token;
      const movedColumn = columnFixed ? index : index + to.column - from.column;
      const movedRow = rowFixed ? Number(row) : Number(row) + to.row - from.row;
      if (movedColumn < 0 || movedColumn >= MAX_COLUMN || movedRow < 1) return '#REF!';
      return `${columnFixed}${letters(movedColumn)}${rowFixed}${movedRow}`;
    },
  );
}
