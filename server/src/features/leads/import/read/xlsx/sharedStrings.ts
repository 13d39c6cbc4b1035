import { ImportLimitError } from '../../../../../platform/config/importLimits';
import { cellTooLong, type RowSink } from '../rowSink';
import { maxRunOf } from './workbookParts';
import { xmlPart } from './xmlPart';
import type { ZipParts } from './zipParts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The workbook's shared strings (the texts its cells name by index), read as they unpack: a
 * table longer than `limits.sharedStrings` texts or `limits.sharedStringsLength` characters,
 * or one text longer than a cell, is refused when it gets there, before it is kept (a table
 * that says its size up front, before). A text is its runs (`<r>`) joined, without the
 * phonetic guides (`<rPh>`) East Asian workbooks add.
 */
export async function readSharedStrings(zip: ZipParts, part: string, sink: RowSink): Promise<string[]> {
  const { limits } = sink;
  const tooMany = () =>
    new ImportLimitError(
      'sharedStrings',
      `The workbook holds more than ${count(limits.sharedStrings)} different texts, more than an import reads.`,
    );
  const strings: string[] = [];
  let length = 0;
  let textLength = 0;
  let pieces: string[] | null = null;
  let inText = false;
  let phonetic = 0;

  const xml = xmlPart(
    part,
    {
      open(name, attributes) {
        if (name === 'sst') {
          if (Number(attributes.uniqueCount) > limits.sharedStrings) throw tooMany();
        } else if (name === 'si') {
          if (strings.length >= limits.sharedStrings) throw tooMany();
          pieces = [];
          textLength = 0;
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't') inText = pieces !== null && phonetic === 0;
      },
      text(text) {
        if (!inText) return;
        pieces!.push(text);
        textLength += text.length;
        if (textLength > limits.cellLength) throw cellTooLong(null, limits);
        length += text.length;
        if (length > limits.sharedStringsLength)
          throw new ImportLimitError(
            'sharedStringsLength',
            `The workbook's texts add up to more than ${count(limits.sharedStringsLength)} characters, more than an import reads.`,
          );
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si' && pieces) {
          strings.push(pieces.length === 1 ? pieces[0]! : pieces.join(''));
          pieces = null;
        }
      },
    },
    maxRunOf(sink),
    () => cellTooLong(null, limits),
  );
  await zip.read(part, (text) => xml.write(text), sink.between);
  xml.end();
  return strings;
}
