import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportLimitError, type ImportLimits } from '../../../../../platform/config/importLimits';
import { notAWorkbook } from './notAWorkbook';

/** UTF-16 when the part starts with its byte order mark, else UTF-8 (the decoder drops either mark). */
function encodingOf(start: Buffer): string {
  if (start[0] === 0xff && start[1] === 0xfe) return 'utf-16le';
  if (start[0] === 0xfe && start[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;

const unzippedTooLarge = (limits: ImportLimits) =>
  new ImportLimitError(
    'unzippedBytes',
    `The workbook unpacks to more than ${megabytes(limits.unzippedBytes)}, more than an import reads.`,
  );

/**
 * The parts of an .xlsx (a zip archive) held in memory, each read by name, in any order: the
 * archive's central directory says where each part is, so the workbook's parts are read before
 * its sheet whatever their order in the file, nothing is spooled to disk and no file is open.
 * What the parts read unpack to is counted against `limits.unzippedBytes`: first their sizes
 * as the directory declares them (a bomb that says what it is, refused before one byte is
 * unpacked), then the bytes themselves (yauzl refuses a part longer than declared).
 */
export async function openZipParts(file: Buffer, limits: ImportLimits) {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw notAWorkbook();
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
  } catch {
    throw notAWorkbook();
  }
  let unzipped = 0;

  return {
    has: (name: string) => entries.has(name.toLowerCase()),

    /** Refuses the file now if these parts declare more than the limit, together. */
    declare(names: string[]): void {
      const declared = names.reduce(
        (sum, name) => sum + (entries.get(name.toLowerCase())?.uncompressedSize ?? 0),
        unzipped,
      );
      if (declared > limits.unzippedBytes) throw unzippedTooLarge(limits);
    },

    /**
     * The part's text, chunk by chunk as it unpacks (UTF-8, or UTF-16 as its byte order mark
     * says), to `onText`; `between` is awaited after each chunk.
     */
    async read(name: string, onText: (text: string) => void, between: () => Promise<void>): Promise<void> {
      const entry = entries.get(name.toLowerCase());
      if (!entry) throw notAWorkbook(`it has no part ${name}`);
      if (unzipped + entry.uncompressedSize > limits.unzippedBytes) throw unzippedTooLarge(limits);
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw notAWorkbook(`its part ${name} cannot be unpacked`);
      }
      let decoder: TextDecoder | null = null;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          unzipped += chunk.length;
          if (unzipped > limits.unzippedBytes) throw unzippedTooLarge(limits);
          decoder ??= new TextDecoder(encodingOf(chunk));
          const text = decoder.decode(chunk, { stream: true });
          if (text) onText(text);
          await between();
        }
        const rest = decoder?.decode();
        if (rest) onText(rest);
      } catch (error) {
        if (error instanceof ImportLimitError || (error instanceof Error && 'statusCode' in error))
          throw error;
        throw notAWorkbook(`its part ${name} cannot be unpacked`);
      } finally {
        stream.destroy();
      }
    },
  };
}

export type ZipParts = Awaited<ReturnType<typeof openZipParts>>;
