import { SaxesParser } from 'saxes';
import { ImportLimitError } from '../../../../../platform/config/importLimits';
import { notAWorkbook } from './notAWorkbook';

/** What a part's reader does with its elements (by local name: `x:row` is `row`) and text. */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/**
 * One XML part of a workbook, parsed as it unpacks (saxes: strict XML, no DTD processing, so
 * an entity the part declares is an error, never expanded or fetched). A part that declares a
 * DTD at all is refused: a spreadsheet never does. Text is handed over whole, and the parser
 * holds at most `maxRun` characters without a `<` (a text or an attribute longer than any cell
 * may be is refused before it is kept).
 */
export function xmlPart(
  part: string,
  handlers: XmlHandlers,
  maxRun: number,
  tooLong: () => ImportLimitError,
) {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw notAWorkbook(`its part ${part} declares a DTD`);
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  let run = 0;

  const guarded = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof ImportLimitError || (error instanceof Error && 'statusCode' in error)) throw error;
      throw notAWorkbook(`its part ${part} is not well-formed XML: ${(error as Error).message}`);
    }
  };

  return {
    write(chunk: string): void {
      // chunks are a few KB as they unpack: only a run across chunks can grow past maxRun
      const first = chunk.indexOf('<');
      if (first === -1) run += chunk.length;
      else {
        if (run + first > maxRun) throw tooLong();
        run = chunk.length - chunk.lastIndexOf('<');
      }
      if (run > maxRun) throw tooLong();
      guarded(() => parser.write(chunk));
    },
    end(): void {
      guarded(() => parser.close());
    },
  };
}
