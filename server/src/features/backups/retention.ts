import { BEFORE_CHANGE_KINDS, type BackupKind } from '@auditdesk/shared/core';
import type { BackupSettings } from '../../platform/config/loadConfig';

export interface RetainedPoint {
  name: string;
  kind: BackupKind;
  at: string;
}

const DAY_MS = 86_400_000;

/**
 * Grandfather-father-son, as restic's `forget --keep-hourly/daily/monthly` reads it: going from
 * the newest, a point is kept when it is the newest of an hour (of a day, of a month) and fewer
 * than that many hours (days, months) were kept so far. Points taken before a change or on
 * request are kept `beforeChangeDays` besides; the newest point always. Answers the names to remove.
 */
export function pointsToPrune(
  points: readonly RetainedPoint[],
  keep: BackupSettings['keep'],
  now = new Date(),
): string[] {
  const newestFirst = [...points].sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
  const kept = new Set<string>(newestFirst.slice(0, 1).map((point) => point.name));
  const buckets: [number, (at: string) => string][] = [
    [keep.hourly, (at) => at.slice(0, 13)],
    [keep.daily, (at) => at.slice(0, 10)],
    [keep.monthly, (at) => at.slice(0, 7)],
  ];
  for (const [count, bucketOf] of buckets) {
    const seen = new Set<string>();
    for (const point of newestFirst) {
      if (seen.size >= count) break;
      const bucket = bucketOf(new Date(point.at).toISOString());
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      kept.add(point.name);
    }
  }
  // a point a person asked for, or made before a change, is not the schedule's to thin out
  const beforeChangeFrom = now.getTime() - keep.beforeChangeDays * DAY_MS;
  for (const point of points)
    if (
      (point.kind === 'manual' || BEFORE_CHANGE_KINDS.includes(point.kind)) &&
      Date.parse(point.at) >= beforeChangeFrom
    )
      kept.add(point.name);
  return points.filter((point) => !kept.has(point.name)).map((point) => point.name);
}
