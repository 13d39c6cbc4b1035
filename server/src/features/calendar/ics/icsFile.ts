import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { fileErrorReason } from '../../../platform/files/fileErrorReason';
import type { CalendarReadResult } from '../calendarEvent';
import { CalendarFileError, type IcsPieces } from './readIcsEvents';

/** Bytes of a calendar file read at a time: what the reader holds of the file is about this much. */
export const FILE_CHUNK_BYTES = 1 << 20;

/**
 * The fingerprint of an ICS calendar: its text (UTF-8, a byte order mark included) and the
 * zone it is read in, since a floating time's instant depends on it.
 */
const fingerprintHash = (defaultZone: string): Hash => createHash('sha256').update(defaultZone).update('\n');

export const icsTextFingerprint = (text: string, defaultZone: string): string =>
  fingerprintHash(defaultZone).update(text).digest('base64url');

const cannotOpen = (name: string, error: unknown) =>
  new CalendarFileError(`The ${name} could not be opened: ${fileErrorReason(error)}`, { cause: error });

/** The fingerprint of a calendar file, read as a stream: the file is never held whole. */
export async function icsFileFingerprint(path: string, name: string, defaultZone: string): Promise<string> {
  const hash = fingerprintHash(defaultZone);
  try {
    for await (const piece of fs.createReadStream(path, {
      encoding: 'utf8',
      highWaterMark: FILE_CHUNK_BYTES,
    }))
      hash.update(piece as string);
  } catch (error) {
    throw cannotOpen(name, error);
  }
  return hash.digest('base64url');
}

/**
 * Reads a calendar file through `read`, which may go over it more than once: each pass reads
 * it from its start, `chunkBytes` at a time, decoding UTF-8 across the chunks' edges. The
 * fingerprint is that of the content the first pass read; a file that changes between the
 * passes fails the read (the fingerprint would not be the events'). One descriptor serves
 * every pass, so a file replaced meanwhile (written aside and renamed) is still read whole.
 */
export function readIcsFile(
  path: string,
  name: string,
  defaultZone: string,
  read: (pieces: IcsPieces) => CalendarReadResult,
  chunkBytes = FILE_CHUNK_BYTES,
): CalendarReadResult & { fingerprint: string } {
  let descriptor: number;
  try {
    descriptor = fs.openSync(path, 'r');
  } catch (error) {
    throw cannotOpen(name, error);
  }
  try {
    const stat = () => {
      try {
        const { size, mtimeMs } = fs.fstatSync(descriptor);
        return `${size}@${mtimeMs}`;
      } catch (error) {
        throw cannotOpen(name, error);
      }
    };
    const opened = stat();
    const hash = fingerprintHash(defaultZone);
    let fingerprint = null as string | null;
    const chunk = Buffer.allocUnsafe(chunkBytes);
    const readChunk = (position: number) => {
      try {
        return fs.readSync(descriptor, chunk, 0, chunkBytes, position);
      } catch (error) {
        throw cannotOpen(name, error);
      }
    };
    function* pieces(): Iterable<string> {
      const first = fingerprint === null;
      // Buffer's own decoder, as fs.readFile and a read stream decode: a byte order mark is
      // kept (the fingerprint counts it, the reader drops it), a bad byte becomes U+FFFD alike;
      // it is also several times faster than TextDecoder
      const decoder = new StringDecoder('utf8');
      for (let position = 0, count = readChunk(0); count > 0; count = readChunk(position)) {
        position += count;
        const piece = decoder.write(chunk.subarray(0, count));
        if (first) hash.update(piece);
        yield piece;
      }
      const rest = decoder.end();
      if (first) fingerprint = hash.update(rest).digest('base64url');
      yield rest;
      if (stat() !== opened)
        throw new CalendarFileError(`The ${name} changed while it was being read: run the sync again.`);
    }
    const result = read(pieces);
    if (fingerprint === null) throw new Error('A calendar file was not read through.');
    return { ...result, fingerprint };
  } finally {
    fs.closeSync(descriptor);
  }
}
