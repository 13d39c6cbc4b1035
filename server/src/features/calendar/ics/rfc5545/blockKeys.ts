/**
 * A 32-bit hash of an event's group key (its UID, within one VCALENDAR), so that a pass over
 * a large file can note every event's key in 4 bytes. Two keys of one hash only make their
 * events wait for each other; they are still grouped by the whole key.
 */
export function blockKey(calendar: number, key: string): number {
  // FNV-1a over the calendar's index, then the key's UTF-16 code units
  let hash = Math.imul(0x811c9dc5 ^ calendar, 0x01000193);
  for (let index = 0; index < key.length; index += 1) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** Block keys in the order of the file, in a growing typed array (4 bytes an event). */
export class BlockKeys {
  private items = new Uint32Array(1024);
  private count = 0;

  push(key: number): void {
    if (this.count === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.count] = key;
    this.count += 1;
  }

  get length(): number {
    return this.count;
  }

  at(index: number): number | undefined {
    return index < this.count ? this.items[index] : undefined;
  }

  /**
   * How many blocks each key that must wait has: a key of more than one block, or of one
   * block whose group also has events in the skeleton (`alsoOnce`). The others are read alone.
   */
  waiting(alsoOnce: Iterable<number>): Map<number, number> {
    const sorted = this.items.slice(0, this.count).sort();
    const counts = new Map<number, number>();
    for (let start = 0; start < sorted.length;) {
      let end = start + 1;
      while (end < sorted.length && sorted[end] === sorted[start]) end += 1;
      if (end - start > 1) counts.set(sorted[start]!, end - start);
      start = end;
    }
    for (const key of alsoOnce) {
      const first = lowerBound(sorted, key);
      if (sorted[first] === key) counts.set(key, lowerBound(sorted, key + 1) - first);
    }
    return counts;
  }
}

function lowerBound(sorted: Uint32Array, key: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
