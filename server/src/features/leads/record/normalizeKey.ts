/** A header or description key compared without case, spaces, dashes or underscores. */
export function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[\s\-_]/g, '');
}
