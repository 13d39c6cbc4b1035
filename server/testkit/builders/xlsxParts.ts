import zlib from 'node:zlib';

/**
 * Workbooks built part by part, in memory, for the import's tests: any part order, any XML,
 * and parts far larger unpacked than packed (made without ever holding them unpacked).
 */

/** A part already deflated: its deflate stream, and the CRC-32 and length of what it unpacks to. */
export interface Deflated {
  data: Buffer;
  crc: number;
  size: number;
}

// CRC-32 of two texts joined, from theirs (zlib's crc32_combine): a part of a billion
// repetitions has its CRC in microseconds, without being unpacked.
const GF2_DIM = 32;
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let at = 0; vector !== 0; vector >>>= 1, at += 1) if (vector & 1) sum ^= matrix[at]!;
  return sum >>> 0;
}
function gf2Square(square: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < GF2_DIM; n += 1) square[n] = gf2Times(matrix, matrix[n]!);
}
export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(GF2_DIM);
  const odd = new Uint32Array(GF2_DIM);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < GF2_DIM; n += 1, row <<= 1) odd[n] = row >>> 0;
  gf2Square(even, odd);
  gf2Square(odd, even);
  let crc = crc1 >>> 0;
  let length = length2;
  do {
    gf2Square(even, odd);
    if (length % 2) crc = gf2Times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    gf2Square(odd, even);
    if (length % 2) crc = gf2Times(odd, crc);
    length = Math.floor(length / 2);
  } while (length !== 0);
  return (crc ^ crc2) >>> 0;
}

/** A piece of a part's text, repeated `times` (1 by default). */
export interface Piece {
  text: string | Buffer;
  times?: number;
}

/**
 * A part deflated from pieces, each repetition of a piece from one deflate block of its own
 * (flushed, so the same bytes serve every time): 140 million shared strings are 2.5 GB unpacked
 * and 6 MB packed, made in milliseconds.
 */
export function deflatedOf(pieces: Piece[]): Deflated {
  const blocks: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const [index, piece] of pieces.entries()) {
    const bytes = Buffer.isBuffer(piece.text) ? piece.text : Buffer.from(piece.text, 'utf8');
    const last = index === pieces.length - 1;
    const times = piece.times ?? 1;
    const flushed = zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH });
    const pieceCrc = zlib.crc32(bytes);
    for (let time = 0; time < times; time += 1) {
      blocks.push(flushed);
      crc = crc32Combine(crc, pieceCrc, bytes.length);
      size += bytes.length;
    }
    if (last) blocks.push(zlib.deflateRawSync(Buffer.alloc(0))); // the final, empty block
  }
  return { data: Buffer.concat(blocks), crc, size };
}

/** A part as its content, or already deflated. */
export interface ZipPart {
  name: string;
  content: string | Buffer | Deflated;
}

/** A zip archive of the parts, in their order (sizes and CRCs in each header, no data descriptors). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const deflated =
      typeof part.content === 'string' || Buffer.isBuffer(part.content)
        ? deflatedOf([{ text: part.content }])
        : part.content;
    const name = Buffer.from(part.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(deflated.crc, 14);
    header.writeUInt32LE(deflated.data.length, 18);
    header.writeUInt32LE(deflated.size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, deflated.data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(deflated.crc, 16);
    entry.writeUInt32LE(deflated.data.length, 20);
    entry.writeUInt32LE(deflated.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + deflated.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts around a worksheet: content types, the package's and the workbook's relationships, the workbook. */
export function workbookFrame({ sharedStrings = false, styles = false } = {}): ZipPart[] {
  const related = [
    `<Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/>`,
    sharedStrings
      ? `<Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/>`
      : '',
    styles ? `<Relationship Id="rId3" Type="${OFFICE}/styles" Target="styles.xml"/>` : '',
  ].join('');
  return [
    {
      name: '[Content_Types].xml',
      content: `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${DECLARATION}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${DECLARATION}<Relationships xmlns="${RELS}">${related}</Relationships>`,
    },
  ];
}

export const SHEET_START = `${DECLARATION}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';
export const STRINGS_START = `${DECLARATION}<sst xmlns="${MAIN}">`;
export const STRINGS_END = '</sst>';

/** A cell of inline text (escaped). */
export const inlineCell = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;

/** A column's letters from its index (0 is A). */
export const columnLetters = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnLetters(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26));

/** A row of inline text cells, A onwards. */
export const textRow = (number: number, cells: string[]) =>
  `<row r="${number}">${cells.map((text, index) => inlineCell(`${columnLetters(index)}${number}`, text)).join('')}</row>`;

/** A whole workbook: the frame, then the sheet's XML (and shared strings) as given. */
export function workbookOf(sheet: string | Deflated, sharedStrings?: string | Deflated): Buffer {
  return zipOf([
    ...workbookFrame({ sharedStrings: sharedStrings !== undefined }),
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
    ...(sharedStrings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: sharedStrings }]),
  ]);
}
