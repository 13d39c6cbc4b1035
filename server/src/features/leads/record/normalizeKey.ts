/**
 * Keys, and the values looked up like them (`House Type`, `Gas`), repeat across a calendar's
 * events: each is normalized once (a fifth of parsing an event). Bounded in count and in
 * length, since a hostile calendar may make every key new and long.
 */
const normalized = new Map<string, string>();
const MAX_REMEMBERED = 4_096;
const MAX_REMEMBERED_LENGTH = 64;

const normalize = (key: string) => key.toLowerCase().replace(/[\s\-_]/g, '');

/** A header or description key compared without case, spaces, dashes or underscores. */
export function normalizeKey(key: string): string {
  if (key.length > MAX_REMEMBERED_LENGTH) return normalize(key);
  let result = normalized.get(key);
  if (result === undefined) {
    result = normalize(key);
    if (normalized.size >= MAX_REMEMBERED) normalized.clear();
    normalized.set(key, result);
  }
  return result;
}
