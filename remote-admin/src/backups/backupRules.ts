import type { BackupsOverview, RestorePoint } from '@auditdesk/shared/core';
import cronstrue from 'cronstrue';
import { formatBytes, formatUptime } from '../resources/common/resourceRules';

/** "3h 12m" since the newest point; D1's last good point is always now. */
export const ageText = (ageMs: number) =>
  ageMs < 60_000 ? 'less than a minute' : formatUptime(ageMs / 1000);

/**
 * BACKUP_CRON in words, by cronstrue: "Every hour, on the hour", "At 03:00 (Europe/Berlin
 * time)" (a time of day is the server's); the expression itself when it reads as none.
 */
export function scheduleText(cron: string | null, timeZone: string): string {
  if (!cron) return 'Off';
  let words: string;
  try {
    words = cronstrue.toString(cron, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return cron;
  }
  const fields = cron.trim().split(/\s+/);
  // six fields begin with the seconds
  const [minute, hour] = fields.length === 6 ? fields.slice(1) : fields;
  if (words === 'Every hour' && minute === '0') words = 'Every hour, on the hour';
  return hour !== undefined && /^\d/.test(hour) ? `${words} (${timeZone} time)` : words;
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

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input holds it: the viewer's wall clock, to the minute. */
export const minuteInput = (at: Date) =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** The minutes Time Travel can restore: from `days` days ago to now. */
export const minuteRange = (days: number, now = new Date()) => ({
  min: minuteInput(new Date(now.getTime() - days * 86_400_000)),
  max: minuteInput(now),
});

/** Why a minute cannot be restored to (none typed, not come yet, older than Time Travel keeps), or null. */
export function minuteProblem(at: Date | null, days: number, now: Date): string | null {
  if (!at || Number.isNaN(at.getTime())) return 'Enter a date and a time.';
  if (at.getTime() > now.getTime()) return 'That minute has not come yet.';
  if (at.getTime() < now.getTime() - days * 86_400_000)
    return `Time Travel keeps the last ${days} days only.`;
  return null;
}
