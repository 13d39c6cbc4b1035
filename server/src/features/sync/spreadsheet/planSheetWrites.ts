import { HEADER, SHEET_NAMES, type SheetName, type SheetRows } from './sheetLayout';

/** Google advises at most 2 MB per request; this leaves room for the JSON around the values. */
export const MAX_REQUEST_BYTES = 1_500_000;

export interface PlannedRange {
  /** A1 range where the rows start, e.g. `'Leads'!A1001:Q`. */
  range: string;
  values: string[][];
}

/**
 * Both sheets, header first, cut into values.batchUpdate requests of at most
 * MAX_REQUEST_BYTES of values each: one request per ~1.5 MB, however many rows, so a
 * 10,000-row sheet is a few requests (each counts once against the per-minute quota).
 * `titleOf` names the sheet each one's rows go to (A1 notation, quoted).
 */
export function planSheetWrites(
  rows: SheetRows,
  lastColumn: string,
  titleOf: (name: SheetName) => string,
  maxBytes = MAX_REQUEST_BYTES,
): PlannedRange[][] {
  const requests: PlannedRange[][] = [];
  let request: PlannedRange[] = [];
  let bytes = 0;
  for (const name of SHEET_NAMES) {
    const all = [[...HEADER] as string[], ...rows[name]];
    let range: PlannedRange | null = null;
    all.forEach((row, index) => {
      const size = Buffer.byteLength(JSON.stringify(row));
      if (bytes + size > maxBytes && bytes > 0) {
        requests.push(request);
        request = [];
        bytes = 0;
        range = null;
      }
      if (!range) {
        range = { range: `${titleOf(name)}!A${index + 1}:${lastColumn}`, values: [] };
        request.push(range);
      }
      range.values.push(row);
      bytes += size;
    });
  }
  if (request.length > 0) requests.push(request);
  return requests;
}
