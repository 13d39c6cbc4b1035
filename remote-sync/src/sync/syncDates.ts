import type { SyncRange } from '@auditdesk/shared';

/** yyyy-mm-dd of the local day `offset` days from `today`. */
export function dayFrom(today: Date, offset: number): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Spec section 9: 5 days back to 15 days ahead. */
export const defaultRange = (today = new Date()): SyncRange => ({
  startDate: dayFrom(today, -5),
  endDate: dayFrom(today, 15),
});

/** The quick buttons: 7, 30 and 90 days back, 7 and 30 days ahead, each ending or starting today. */
export const QUICK_RANGES: { label: string; range: (today: Date) => SyncRange }[] = [
  { label: 'Last 7d', range: (today) => ({ startDate: dayFrom(today, -7), endDate: dayFrom(today, 0) }) },
  { label: 'Last 30d', range: (today) => ({ startDate: dayFrom(today, -30), endDate: dayFrom(today, 0) }) },
  { label: 'Last 90d', range: (today) => ({ startDate: dayFrom(today, -90), endDate: dayFrom(today, 0) }) },
  { label: 'Next 7d', range: (today) => ({ startDate: dayFrom(today, 0), endDate: dayFrom(today, 7) }) },
  { label: 'Next 30d', range: (today) => ({ startDate: dayFrom(today, 0), endDate: dayFrom(today, 30) }) },
];

/** Whole hours since the last sync, 0 when there was none. */
export function hoursSince(iso: string | null, now = Date.now()): number {
  if (!iso) return 0;
  const then = Date.parse(iso);
  return Number.isNaN(then) ? 0 : Math.max(0, Math.floor((now - then) / 3_600_000));
}

/** A share of a total as a percentage with one decimal, 0 for an empty total. */
export const rate = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 1000) / 10 : 0);
