import { zoneOffsetMs } from '@auditdesk/shared/core';

/** A stretch of time with one offset: from the previous span's end (or the start) until `until`. */
export interface OffsetSpan {
  /** The instant the offset stops applying (ISO, UTC); null for the last span. */
  until: string | null;
  /** How far the zone's clocks are ahead of UTC, in minutes. */
  offsetMinutes: number;
}

const WEEK_MS = 7 * 86_400_000;
const QUARTER_MS = 900_000;

const minutesAt = (instant: number, zone: string) => Math.round(zoneOffsetMs(instant, zone) / 60_000);

/** The first quarter hour in (low, high] whose offset is not `before`'s (every zone changes on one). */
function changeBetween(low: number, high: number, zone: string, before: number): number {
  while (high - low > QUARTER_MS) {
    const middle = low + Math.floor((high - low) / 2 / QUARTER_MS) * QUARTER_MS;
    if (minutesAt(middle, zone) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The zone's offsets between two instants, in order: what turns a stored instant into the
 * business's day in SQL, which knows no zones. A zone changes its clocks at most a few
 * times a year, months apart, so looking once a week finds every change.
 */
export function zoneOffsetSpans(zone: string, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let offset = minutesAt(from, zone);
  let at = from;
  while (at < to) {
    const next = Math.min(at + WEEK_MS, to);
    const nextOffset = minutesAt(next, zone);
    if (nextOffset !== offset) {
      const change = changeBetween(at, next, zone, offset);
      spans.push({ until: new Date(change).toISOString(), offsetMinutes: offset });
      offset = minutesAt(change, zone);
      at = change;
    } else at = next;
  }
  spans.push({ until: null, offsetMinutes: offset });
  return spans;
}
