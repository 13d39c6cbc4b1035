import type { FakeAnswer, FakeRequest } from './fakeHttpApi';

interface FakeSheet {
  sheetId: number;
  title: string;
  hidden: boolean;
  rowCount: number;
  columnCount: number;
  /** Values by row, then column; '' is an empty cell. */
  cells: string[][];
}

interface GridRange {
  sheetId: number;
  startRowIndex?: number;
  endRowIndex?: number;
  startColumnIndex?: number;
  endColumnIndex?: number;
}

type BatchRequest = {
  addSheet?: {
    properties: {
      title: string;
      hidden?: boolean;
      gridProperties?: { rowCount?: number; columnCount?: number };
    };
  };
  deleteSheet?: { sheetId: number };
  appendDimension?: { sheetId: number; dimension: 'ROWS' | 'COLUMNS'; length: number };
  copyPaste?: { source: GridRange; destination: GridRange; pasteType: string };
  updateCells?: { range: GridRange; fields: string; rows?: unknown[] };
};

/** Sheets' own answer to a request it refuses: 400 INVALID_ARGUMENT. */
class Invalid extends Error {}
const invalid = (message: string): FakeAnswer => ({
  status: 400,
  body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
});

/** A sheet's rows as values.get answers them: without trailing empty rows and cells. */
function valuesOf(cells: string[][], fromRow = 0): string[][] {
  const rows = cells.slice(fromRow).map((row) => {
    const end = row.findLastIndex((cell) => cell !== '');
    return row.slice(0, end + 1);
  });
  const last = rows.findLastIndex((row) => row.length > 0);
  return rows.slice(0, last + 1);
}

/** `'Title'!A5:Q` or `Title!A5:Q`: the sheet's title (quotes undone) and the first row and column (0-based). */
function parseA1(range: string): { title: string; row: number; column: number } {
  const match = /^(?:'((?:[^']|'')+)'|([^!']+))!([A-Z]+)(\d+)(?::[A-Z]+\d*)?$/.exec(range);
  if (!match) throw new Invalid(`Unable to parse range: ${range}`);
  const column = [...match[3]!].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
  return { title: (match[1] ?? match[2]!).replace(/''/g, "'"), row: Number(match[4]) - 1, column };
}

/**
 * A spreadsheet (`sheet-1`) held in memory behind the documented Sheets v4 endpoints
 * (@googleapis/sheets v4: spreadsheets.get, spreadsheets.batchUpdate, values.batchGet,
 * values.batchUpdate, values.batchClear). A spreadsheets.batchUpdate is validated and applied
 * whole or not at all ("If any request is not valid then the entire request will fail and
 * nothing will be applied"), on a copy; a write past a sheet's grid is refused ("exceeds grid
 * limits"), as Sheets answers, so a sink must size its sheets.
 */
export function fakeSheets(initial: Record<string, string[][]>) {
  let nextId = 100;
  let book: FakeSheet[] = Object.entries(initial).map(([title, rows]) => ({
    sheetId: nextId++,
    title,
    hidden: false,
    rowCount: Math.max(1000, rows.length),
    columnCount: Math.max(26, ...rows.map((row) => row.length)),
    cells: rows.map((row) => [...row]),
  }));

  const byTitle = (sheets: FakeSheet[], title: string) => {
    const sheet = sheets.find((candidate) => candidate.title === title);
    if (!sheet) throw new Invalid(`Unable to parse range: '${title}'`);
    return sheet;
  };
  const byId = (sheets: FakeSheet[], sheetId: number, at: string) => {
    const sheet = sheets.find((candidate) => candidate.sheetId === sheetId);
    if (!sheet) throw new Invalid(`Invalid ${at}: No grid with id: ${sheetId}`);
    return sheet;
  };
  const writeCells = (sheet: FakeSheet, row: number, column: number, values: string[][], range: string) => {
    const width = Math.max(0, ...values.map((cells) => cells.length));
    if (row + values.length > sheet.rowCount || column + width > sheet.columnCount)
      throw new Invalid(
        `Range (${range}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
      );
    values.forEach((cells, index) => {
      const target = (sheet.cells[row + index] ??= []);
      cells.forEach((cell, offset) => (target[column + offset] = cell));
      for (let at = 0; at < target.length; at += 1) target[at] ??= '';
    });
    for (let at = 0; at < sheet.cells.length; at += 1) sheet.cells[at] ??= [];
  };
  const bounds = (range: GridRange, sheet: FakeSheet) => ({
    rows: [range.startRowIndex ?? 0, range.endRowIndex ?? sheet.rowCount] as const,
    columns: [range.startColumnIndex ?? 0, range.endColumnIndex ?? sheet.columnCount] as const,
  });

  function apply(sheets: FakeSheet[], request: BatchRequest, index: number): unknown {
    const at = `requests[${index}]`;
    if (request.addSheet) {
      const { title, hidden = false, gridProperties } = request.addSheet.properties;
      if (sheets.some((sheet) => sheet.title === title))
        throw new Invalid(
          `Invalid ${at}.addSheet: A sheet with the name "${title}" already exists. Please enter another name.`,
        );
      const sheet: FakeSheet = {
        sheetId: nextId++,
        title,
        hidden,
        rowCount: gridProperties?.rowCount ?? 1000,
        columnCount: gridProperties?.columnCount ?? 26,
        cells: [],
      };
      sheets.push(sheet);
      return { addSheet: { properties: propertiesOf(sheet) } };
    }
    if (request.deleteSheet) {
      const sheet = byId(sheets, request.deleteSheet.sheetId, `${at}.deleteSheet`);
      sheets.splice(sheets.indexOf(sheet), 1);
      return {};
    }
    if (request.appendDimension) {
      const { sheetId, dimension, length } = request.appendDimension;
      const sheet = byId(sheets, sheetId, `${at}.appendDimension`);
      if (dimension === 'ROWS') sheet.rowCount += length;
      else sheet.columnCount += length;
      return {};
    }
    if (request.copyPaste) {
      const { source, destination, pasteType } = request.copyPaste;
      if (pasteType !== 'PASTE_VALUES') throw new Invalid(`the fake pastes values only (got ${pasteType})`);
      const from = byId(sheets, source.sheetId, `${at}.copyPaste`);
      const to = byId(sheets, destination.sheetId, `${at}.copyPaste`);
      const { rows, columns } = bounds(source, from);
      const block = Array.from({ length: rows[1] - rows[0] }, (_, row) =>
        Array.from(
          { length: columns[1] - columns[0] },
          (_, column) => from.cells[rows[0] + row]?.[columns[0] + column] ?? '',
        ),
      );
      const target = bounds(destination, to);
      writeCells(to, target.rows[0], target.columns[0], block, `${at}.copyPaste`);
      return {};
    }
    if (request.updateCells) {
      const { range, fields, rows: given } = request.updateCells;
      if (given || fields !== 'userEnteredValue') throw new Invalid('the fake clears values only');
      const sheet = byId(sheets, range.sheetId, `${at}.updateCells`);
      const { rows, columns } = bounds(range, sheet);
      for (let row = rows[0]; row < Math.min(rows[1], sheet.cells.length); row += 1)
        for (let column = columns[0]; column < columns[1]; column += 1)
          if (sheet.cells[row]![column] !== undefined) sheet.cells[row]![column] = '';
      return {};
    }
    throw new Invalid(`Invalid ${at}: the fake does not know ${Object.keys(request).join(', ')}`);
  }

  const clone = (sheets: FakeSheet[]) =>
    sheets.map((sheet) => ({ ...sheet, cells: sheet.cells.map((row) => [...row]) }));

  function answer({ method, path, query, body }: FakeRequest): FakeAnswer {
    const base = '/v4/spreadsheets/sheet-1';
    if (method === 'GET' && path === base)
      return { body: { sheets: book.map((sheet) => ({ properties: propertiesOf(sheet) })) } };
    if (method === 'POST' && path === `${base}:batchUpdate`) {
      const copy = clone(book);
      const replies = (body as { requests: BatchRequest[] }).requests.map((request, index) =>
        apply(copy, request, index),
      );
      book = copy; // every request valid: all of them at once
      return { body: { spreadsheetId: 'sheet-1', replies } };
    }
    if (method === 'GET' && path === `${base}/values:batchGet`) {
      const valueRanges = query.getAll('ranges').map((range) => {
        const { title, row } = parseA1(range);
        return { range, majorDimension: 'ROWS', values: valuesOf(byTitle(book, title).cells, row) };
      });
      return { body: { spreadsheetId: 'sheet-1', valueRanges } };
    }
    if (method === 'POST' && path === `${base}/values:batchUpdate`) {
      const request = body as { valueInputOption: string; data: { range: string; values: string[][] }[] };
      if (request.valueInputOption !== 'RAW') throw new Invalid('expected RAW');
      const copy = clone(book);
      for (const { range, values } of request.data) {
        const { title, row, column } = parseA1(range);
        writeCells(byTitle(copy, title), row, column, values, range);
      }
      book = copy;
      return { body: { spreadsheetId: 'sheet-1', totalUpdatedRows: request.data.length } };
    }
    if (method === 'POST' && path === `${base}/values:batchClear`) {
      for (const range of (body as { ranges: string[] }).ranges) {
        const { title, row } = parseA1(range);
        const sheet = byTitle(book, title);
        for (const cells of sheet.cells.slice(row)) cells.fill('');
      }
      return { body: { spreadsheetId: 'sheet-1', clearedRanges: [] } };
    }
    return { status: 404, body: { error: { message: `no ${method} ${path}` } } };
  }

  return {
    /** Each sheet's values by title, as values.get would answer them (hidden ones too). */
    get sheets(): Record<string, string[][]> {
      return Object.fromEntries(book.map((sheet) => [sheet.title, valuesOf(sheet.cells)]));
    },
    /** Every sheet's properties, as spreadsheets.get answers them. */
    get properties() {
      return book.map(propertiesOf);
    },
    handler: (request: FakeRequest): FakeAnswer => {
      try {
        return answer(request);
      } catch (error) {
        if (error instanceof Invalid) return invalid(error.message);
        throw error;
      }
    },
  };
}

function propertiesOf(sheet: FakeSheet) {
  return {
    sheetId: sheet.sheetId,
    title: sheet.title,
    ...(sheet.hidden ? { hidden: true } : {}),
    gridProperties: { rowCount: sheet.rowCount, columnCount: sheet.columnCount },
  };
}
