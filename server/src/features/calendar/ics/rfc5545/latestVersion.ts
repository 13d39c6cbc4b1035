import type { Component } from './icalTypes';
import { textOf } from './icalTypes';

const sequenceOf = (component: Component) => {
  const value = Number.parseInt(textOf(component, 'sequence'), 10);
  return Number.isFinite(value) ? value : 0;
};
const stampOf = (component: Component) => textOf(component, 'dtstamp');

/**
 * Of several versions of one component (a calendar program that appends an edited event
 * instead of replacing it), the one that counts: the highest SEQUENCE (RFC 5546 §2.1.4),
 * then the latest DTSTAMP, then the last in the file.
 */
export function latestVersion(versions: readonly Component[]): Component | undefined {
  let winner: Component | undefined;
  for (const candidate of versions) {
    if (!winner) {
      winner = candidate;
      continue;
    }
    const bySequence = sequenceOf(candidate) - sequenceOf(winner);
    // DTSTAMP values are UTC date-times of one form, so their text orders like their time
    const byStamp = stampOf(candidate).localeCompare(stampOf(winner));
    if (bySequence > 0 || (bySequence === 0 && byStamp >= 0)) winner = candidate;
  }
  return winner;
}
