import { CHUNK_BYTES } from '../../repository/leadSyncWriter';

/**
 * JSON arrays of items as they come, each at most CHUNK_BYTES of UTF-8 (what one statement
 * may bind on D1), handed to `onChunk` as each fills up: jsonChunks of the sync writer, for
 * items that are not all there yet.
 */
export function createJsonChunker(onChunk: (json: string) => void) {
  let current: string[] = [];
  let size = 2;
  let chunks = 0;
  const flush = () => {
    if (current.length === 0) return;
    chunks += 1;
    onChunk(`[${current.join(',')}]`);
    current = [];
    size = 2;
  };
  return {
    add(item: unknown) {
      const text = JSON.stringify(item);
      const bytes = Buffer.byteLength(text) + 1;
      if (size + bytes > CHUNK_BYTES) flush();
      current.push(text);
      size += bytes;
    },
    /** Hands on the last chunk; answers how many chunks there were. */
    end(): number {
      flush();
      return chunks;
    },
  };
}
