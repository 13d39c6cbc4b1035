import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** One file of the archive: its name and its content, all at once or as chunks. */
export interface ZipEntry {
  name: string;
  content: Buffer | Iterable<Buffer> | AsyncIterable<Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 11: the name is UTF-8. (No bit 3: each entry's sizes and CRC are in its own header.) */
const FLAGS = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** Without ZIP64 a size or an offset must fit in 32 bits. */
const MAX_32 = 0xffffffff;
/** Where a local header holds the entry's CRC, then its compressed and its uncompressed size. */
const LOCAL_CRC_AT = 14;

/** MS-DOS time and date, as a zip header holds them (local time, two-second steps). */
function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const tooLarge = () => new Error('The spreadsheet file would be larger than 4 GiB.');

/**
 * Writes a zip archive (deflated entries) to `file`, created with `mode`: each entry is
 * compressed while its content is produced, so a large one is never whole in memory. Each
 * entry's header is written first and its CRC and sizes filled in once it is written, rather
 * than put in a data descriptor after it: streaming readers (unzipper, under ExcelJS's
 * streaming reader) lose the entries after a descriptor. The CRC is zlib's own (native), the
 * compression Node's zlib on its thread pool, level `level`. Fails, rather than writing a
 * broken file, past 4 GiB.
 */
export async function writeZipFile(
  file: string,
  entries: Iterable<ZipEntry>,
  mode: number,
  level = 1,
): Promise<void> {
  const { time, date } = dosTime(new Date());
  const handle = await fs.open(file, 'w', mode);
  try {
    const written: Written[] = [];
    let offset = 0;
    const append = async (chunk: Buffer) => {
      if (offset + chunk.length > MAX_32) throw tooLarge();
      await handle.write(chunk, 0, chunk.length, offset);
      offset += chunk.length;
    };
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const header = Buffer.alloc(30);
      header.writeUInt32LE(LOCAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(FLAGS, 6);
      header.writeUInt16LE(DEFLATE, 8);
      header.writeUInt16LE(time, 10);
      header.writeUInt16LE(date, 12);
      header.writeUInt16LE(name.length, 26);
      const record: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
      await append(Buffer.concat([header, name]));

      const content = Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
      async function* measured() {
        for await (const chunk of content) {
          record.crc = zlib.crc32(chunk, record.crc);
          record.size += chunk.length;
          yield chunk;
        }
      }
      const deflate = zlib.createDeflateRaw({ level });
      // two chunks ahead of the compressor at most, so a long entry is never held whole
      const feeding = pipeline(Readable.from(measured(), { highWaterMark: 2 }), deflate);
      // a failing source destroys the compressor, which ends the loop below with its error
      feeding.catch(() => undefined);
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        record.compressed += chunk.length;
        await append(chunk);
      }
      await feeding;
      if (record.size > MAX_32) throw tooLarge();

      const sizes = Buffer.alloc(12);
      sizes.writeUInt32LE(record.crc, 0);
      sizes.writeUInt32LE(record.compressed, 4);
      sizes.writeUInt32LE(record.size, 8);
      await handle.write(sizes, 0, sizes.length, record.offset + LOCAL_CRC_AT);
      written.push(record);
    }

    const directoryOffset = offset;
    for (const record of written) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(record.crc, 16);
      header.writeUInt32LE(record.compressed, 20);
      header.writeUInt32LE(record.size, 24);
      header.writeUInt16LE(record.name.length, 28);
      header.writeUInt32LE(record.offset, 42);
      await append(Buffer.concat([header, record.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - directoryOffset, 12);
    end.writeUInt32LE(directoryOffset, 16);
    await append(end);
  } finally {
    await handle.close();
  }
}
