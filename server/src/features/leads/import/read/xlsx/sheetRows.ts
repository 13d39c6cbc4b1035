import { cellTooLong, checkedRow, tooManyColumns, type RowSink } from '../rowSink';
import { columnIndex, numberText, slideFormula, type NumberKind } from './cellText';
import { maxRunOf } from './workbookParts';
import { xmlPart } from './xmlPart';
import type { ZipParts } from './zipParts';

export interface SheetContext {
  strings: readonly string[];
  numberKinds: readonly NumberKind[];
  date1904: boolean;
}

const positive = (text: string | undefined) => {
  const number = Number(text);
  return text && Number.isSafeInteger(number) && number > 0 ? number : null;
};

const REFERENCE = /^\$?([A-Za-z]{1,4})\$?(\d+)$/;

/** A shared formula's first cell: its text and where it is, for the cells that repeat it. */
interface SharedFormula {
  formula: string;
  row: number;
  column: number;
}

/**
 * The rows of a worksheet's XML as it unpacks, each handed to the sink once read. A cell is
 * its text as the file holds it: a formula is its text (`=A1*2`), never evaluated and never
 * its last computed value (a cell repeating a shared formula reads it moved to that cell); a
 * shared or inline string its text, runs joined; a number styled as a date its day or moment,
 * as a time its `HH:MM`; TRUE or FALSE; an error as Excel shows it. A value past
 * `limits.columns` refuses the file, a text longer than a cell may be too, before it is kept.
 */
export async function readSheetRows(
  zip: ZipParts,
  part: string,
  sink: RowSink,
  { strings, numberKinds, date1904 }: SheetContext,
): Promise<void> {
  const { limits } = sink;
  const shared = new Map<string, SharedFormula>();
  let rowNumber = 0;
  let cells: string[] | null = null;
  // the cell being read
  let column = -1;
  let type = '';
  let style = 0;
  let formula: { text: string; shared: string | null; ref: boolean } | null = null;
  let value: string | null = null;
  /** Where text goes: the formula, the value, or an inline string's text. */
  let target: 'f' | 'v' | 't' | null = null;
  let inline = false;
  let phonetic = 0;

  const textOf = (): string => {
    if (formula) {
      if (formula.text) {
        if (formula.shared !== null && formula.ref)
          shared.set(formula.shared, { formula: formula.text, row: rowNumber, column });
        return `=${formula.text}`;
      }
      const first = formula.shared === null ? undefined : shared.get(formula.shared);
      if (first) return `=${slideFormula(first.formula, first, { row: rowNumber, column })}`;
    }
    if (value === null) return '';
    switch (type) {
      case 's':
        return strings[Number(value)] ?? '';
      case 'inlineStr':
      case 'str':
        return value;
      case 'b':
        return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
      case 'e':
        return value;
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date.toISOString();
      }
      default:
        return numberText(value, numberKinds[style] ?? 'number', date1904);
    }
  };

  const xml = xmlPart(
    part,
    {
      open(name, attributes) {
        switch (name) {
          case 'row':
            rowNumber = positive(attributes.r) ?? rowNumber + 1;
            cells = [];
            column = -1;
            break;
          case 'c': {
            const reference = attributes.r ? REFERENCE.exec(attributes.r) : null;
            column = reference ? columnIndex(reference[1]!.toUpperCase()) : column + 1;
            if (column === -1) column = Number.MAX_SAFE_INTEGER;
            type = attributes.t ?? 'n';
            style = Number(attributes.s ?? 0);
            formula = null;
            value = null;
            inline = false;
            break;
          }
          case 'f':
            formula = {
              text: '',
              shared: attributes.t === 'shared' ? (attributes.si ?? null) : null,
              ref: attributes.ref !== undefined,
            };
            target = 'f';
            break;
          case 'v':
            value = '';
            target = 'v';
            break;
          case 'is':
            inline = true;
            value = '';
            break;
          case 'rPh':
            phonetic += 1;
            break;
          case 't':
            if (inline && phonetic === 0) target = 't';
            break;
        }
      },
      text(text) {
        if (target === 'f') formula!.text += text;
        else if (target !== null) value += text;
        else return;
        if ((target === 'f' ? formula!.text : value!).length > limits.cellLength)
          throw cellTooLong(rowNumber, limits);
      },
      close(name) {
        switch (name) {
          case 'f':
          case 'v':
          case 't':
            target = null;
            break;
          case 'rPh':
            phonetic -= 1;
            break;
          case 'c': {
            if (!cells) break;
            const text = textOf();
            if (text === '') break;
            if (column >= limits.columns) throw tooManyColumns(rowNumber, column + 1, limits);
            while (cells.length < column) cells.push('');
            cells[column] = text;
            break;
          }
          case 'row':
            if (cells) checkedRow(sink, rowNumber, cells);
            cells = null;
            break;
        }
      },
    },
    maxRunOf(sink),
    () => cellTooLong(rowNumber || null, limits),
  );
  await zip.read(part, (text) => xml.write(text), sink.between);
  xml.end();
}
