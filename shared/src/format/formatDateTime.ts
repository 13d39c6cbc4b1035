const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Every moment on every screen, in the viewer's time zone: `03/04/2025, 09:05 AM`
 * (spec section 2, "Last Login"); `fallback` for none.
 */
export function formatDateTime(value: string | number | Date | null | undefined, fallback = ''): string {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : fallback;
}

/** A calendar day as `mm/dd/yyyy`, read in UTC (appointments are UTC days); empty for none. */
export function formatDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** A length of time as people say it: `850 ms`, `12.4 s`, `3 min 05 s`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(seconds % 60)} s`;
}
