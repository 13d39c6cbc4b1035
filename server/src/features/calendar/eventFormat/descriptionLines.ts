/** `House-Type`, `house_type`, `House Type` → `housetype`: how keys are compared. */
import { normalizeKey } from '../../leads/record/normalizeKey';

export { normalizeKey };

export interface DescriptionLines {
  /** Known and unknown `Key: Value` pairs, by normalized key, in order. */
  pairs: { key: string; rawKey: string; value: string }[];
  /** Lines without a colon. */
  loose: string[];
}

/** Splits a description into `Key: Value` lines and the rest (event-format.md). */
export function readDescriptionLines(description: string): DescriptionLines {
  const pairs: DescriptionLines['pairs'] = [];
  const loose: string[] = [];
  for (const line of description.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const colon = trimmed.indexOf(':');
    if (colon <= 0) {
      loose.push(trimmed);
      continue;
    }
    const rawKey = trimmed.slice(0, colon).trim();
    pairs.push({ key: normalizeKey(rawKey), rawKey, value: trimmed.slice(colon + 1).trim() });
  }
  return { pairs, loose };
}
