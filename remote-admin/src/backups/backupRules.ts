import type { BackupsOverview, RestorePoint } from '@auditdesk/shared/core';
import { formatBytes, formatUptime } from '../resources/common/resourceRules';

/** "3h 12m" since the newest point; D1's last good point is always now. */
export const ageText = (ageMs: number) =>
  ageMs < 60_000 ? 'less than a minute' : formatUptime(ageMs / 1000);

/** "Every hour", "Every 6 hours", "Every day"; the cron expression itself when it is not that regular. */
export function scheduleText(cron: string | null, everyMs: number | null): string {
  if (!cron) return 'Off';
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [ms, unit] of units)
    if (everyMs !== null && everyMs % ms === 0) {
      const n = everyMs / ms;
      return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
    }
  return cron;
}

/** Where a point is kept, in words. */
export function placeText(point: RestorePoint): string {
  if (!point.local && point.offsite === null) return 'Cloudflare D1 (Time Travel)';
  const places = [point.local ? 'This machine' : null];
  if (point.offsite === 'copied') places.push('bucket');
  return places.filter(Boolean).join(' + ') || 'Bucket only';
}

export const sizeText = (point: RestorePoint) =>
  point.sizeBytes === null ? '—' : formatBytes(point.sizeBytes);

/** The disk line: the snapshots' use and the disk's free room. */
export function diskText(disk: NonNullable<BackupsOverview['disk']>): string {
  const free = disk.freeBytes === null ? '' : `, ${formatBytes(disk.freeBytes)} free on the disk`;
  return `${disk.snapshots} snapshot${disk.snapshots === 1 ? '' : 's'}, ${formatBytes(disk.usedBytes)}${free}`;
}

/** What the confirmation says will be lost. */
export function lossText(impact: { leadChanges: number; otherChanges: number }): string {
  const { leadChanges, otherChanges } = impact;
  if (leadChanges === 0 && otherChanges === 0) return 'Nothing recorded after it will be lost.';
  const parts = [
    leadChanges ? `${leadChanges.toLocaleString('en-US')} lead change${leadChanges === 1 ? '' : 's'}` : null,
    otherChanges
      ? `${otherChanges.toLocaleString('en-US')} other change${otherChanges === 1 ? '' : 's'} (people, views, syncs)`
      : null,
  ].filter(Boolean);
  return `${parts.join(' and ')} made after it will be lost.`;
}
