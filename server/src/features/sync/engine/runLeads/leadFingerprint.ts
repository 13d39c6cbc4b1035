import type { HashedLead } from '../../../leads/record/leadContentHash';

/**
 * A lead's part of its run's fingerprint: its leadId, its content's hash and its event's
 * ETag, where the source gives one (a run that finds only ETags changed still stores them,
 * for writing back, though no lead's content changed).
 */
export const leadFingerprint = (lead: HashedLead): string =>
  `${lead.leadId}:${lead.contentHash}${lead.eventRef ? `:${lead.eventRef.etag}` : ''}`;

const SURROGATE = /[\ud800-\udfff]/;

/** Code point order: how SQLite's BINARY collation orders the same texts (as UTF-8 bytes). */
function byCodePoint(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let at = 0; at < Math.min(left.length, right.length); at += 1) {
    const difference = left[at]!.codePointAt(0)! - right[at]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * Sorts fingerprints as the scratch database orders them, so a run's fingerprint is the same
 * wherever its leads were held. JavaScript's own sort (UTF-16 code units) agrees with code
 * point order unless a text holds a character beyond U+FFFF: only then the slower order.
 */
export function sortFingerprints(fingerprints: string[]): string[] {
  return fingerprints.some((text) => SURROGATE.test(text))
    ? fingerprints.sort(byCodePoint)
    : fingerprints.sort();
}
