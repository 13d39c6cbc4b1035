import path from 'node:path';
import { cellTooLong, type RowSink } from '../rowSink';
import { kindOfFormat, type NumberKind } from './cellText';
import { notAWorkbook } from './notAWorkbook';
import { xmlPart, type XmlHandlers } from './xmlPart';
import type { ZipParts } from './zipParts';

/** Where the workbook's first worksheet and what it needs are, and how its numbers read. */
export interface Workbook {
  sheet: string;
  sharedStrings: string | null;
  styles: string | null;
  /** Dates count from 1904 (old Mac workbooks), not 1900. */
  date1904: boolean;
}

/** Longest text or attribute a part may hold between two tags: a cell's text, entities and all. */
export const maxRunOf = (sink: RowSink) => sink.limits.cellLength * 10 + 4096;

const OFFICE_DOCUMENT = /\/officeDocument$/;
const WORKSHEET = /\/worksheet$/;

/** Reads one small XML part whole, through `handlers`. */
async function readPart(zip: ZipParts, part: string, sink: RowSink, handlers: XmlHandlers): Promise<void> {
  const xml = xmlPart(part, handlers, maxRunOf(sink), () => cellTooLong(null, sink.limits));
  await zip.read(part, (text) => xml.write(text), sink.between);
  xml.end();
}

/** A relationship's target, as a part name: relative to the part's folder, or from the root. */
const resolve = (from: string, target: string) =>
  target.startsWith('/')
    ? target.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));

/** A part's relationships (its `_rels/<name>.rels`): by id, their type and the part they name. */
async function relationshipsOf(zip: ZipParts, part: string, sink: RowSink) {
  const rels = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const found = new Map<string, { type: string; target: string }>();
  if (!zip.has(rels)) return found;
  await readPart(zip, rels, sink, {
    open(name, attributes) {
      if (
        name === 'Relationship' &&
        attributes.Id &&
        attributes.Target &&
        attributes.TargetMode !== 'External'
      )
        found.set(attributes.Id, { type: attributes.Type ?? '', target: resolve(part, attributes.Target) });
    },
  });
  return found;
}

/** The attribute named `local` under any prefix (`r:id`). */
const prefixed = (attributes: Readonly<Record<string, string>>, local: string) => {
  for (const [name, value] of Object.entries(attributes)) if (name.endsWith(`:${local}`)) return value;
  return undefined;
};

/** The package's workbook, its first worksheet (in the workbook's order) and its other parts. */
export async function readWorkbook(zip: ZipParts, sink: RowSink): Promise<Workbook> {
  const root = await relationshipsOf(zip, '', sink);
  const office = [...root.values()].find((rel) => OFFICE_DOCUMENT.test(rel.type));
  const workbook = office?.target ?? 'xl/workbook.xml';
  if (!zip.has(workbook)) throw notAWorkbook('it has no workbook');
  const rels = await relationshipsOf(zip, workbook, sink);

  const sheetIds: string[] = [];
  let date1904 = false;
  await readPart(zip, workbook, sink, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet') {
        const id = prefixed(attributes, 'id');
        if (id) sheetIds.push(id);
      }
    },
  });
  const sheet = sheetIds.map((id) => rels.get(id)).find((rel) => rel && WORKSHEET.test(rel.type));
  if (!sheet || !zip.has(sheet.target)) throw notAWorkbook('it has no worksheet');
  const part = (type: RegExp) => {
    const rel = [...rels.values()].find((candidate) => type.test(candidate.type));
    return rel && zip.has(rel.target) ? rel.target : null;
  };
  return {
    sheet: sheet.target,
    sharedStrings: part(/\/sharedStrings$/),
    styles: part(/\/styles$/),
    date1904,
  };
}

/** How each cell style (by its index, a cell's `s`) shows a number. */
export async function readNumberKinds(zip: ZipParts, styles: string, sink: RowSink): Promise<NumberKind[]> {
  const codes = new Map<number, string>();
  const kinds: NumberKind[] = [];
  let inCellXfs = false;
  await readPart(zip, styles, sink, {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.numFmtId && attributes.formatCode !== undefined)
        codes.set(Number(attributes.numFmtId), attributes.formatCode);
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        kinds.push(kindOfFormat(id, codes.get(id)));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return kinds;
}
