import { formatDateTime } from './formatDateTime';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When something happened, as people say it: `just now`, `3 min ago`, `2 h ago`, `yesterday`, `4 days ago`, then the date. */
export function formatRelativeTime(value: string | number | Date, now = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '';
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return formatDateTime(at);
}
