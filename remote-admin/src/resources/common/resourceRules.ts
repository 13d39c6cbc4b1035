// How both resource pages format and rate their numbers (spec sections 2 and 9).

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes, KB, MB or GB, base 1024, up to 2 decimals: 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return `${Number(value.toFixed(2))} ${BYTE_UNITS[unit]}`;
}

/** Days and hours, hours and minutes, or minutes: '2d 5h', '3h 12m', '45m'. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

export const formatCount = (count: number): string => count.toLocaleString('en-US');

/** Plan-sized numbers the way plans write them: 5,000,000 → '5M', 100,000 → '100k'. */
export function formatCompactCount(count: number): string {
  const steps: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of steps) {
    if (count >= size) return `${Number((count / size).toFixed(1))}${suffix}`;
  }
  return String(count);
}

export const formatPercent = (percent: number): string => `${percent.toFixed(1)}%`;

/** A long name as its first 8 and last 4 characters: 'a1b2c3d4...wxyz'. */
export function shortenName(name: string): string {
  return name.length > 12 ? `${name.slice(0, 8)}...${name.slice(-4)}` : name;
}

export const USAGE_WARNING_PERCENT = 75;
export const USAGE_CRITICAL_PERCENT = 90;

/** used as a percent of limit; null when there is no limit (0, or not reported). */
export function usagePercent(used: number, limit: number | null): number | null {
  return limit && limit > 0 ? (used / limit) * 100 : null;
}

export type UsageLevel = 'normal' | 'warning' | 'critical';

/** Amber at 75 % or more, red at 90 % or more. */
export function usageLevel(percent: number | null): UsageLevel {
  if (percent === null || percent < USAGE_WARNING_PERCENT) return 'normal';
  return percent >= USAGE_CRITICAL_PERCENT ? 'critical' : 'warning';
}

export const USAGE_COLORS: Record<UsageLevel, string> = {
  normal: 'green',
  warning: 'yellow',
  critical: 'red',
};

export interface Rating {
  label: string;
  color: string;
}

const EXCELLENT: Rating = { label: 'Excellent', color: 'green' };
const GOOD: Rating = { label: 'Good', color: 'blue' };

/** Cache hit rate: Excellent from 80, Good from 60, Low below. */
export function rateHitRate(percent: number): Rating {
  if (percent >= 80) return EXCELLENT;
  if (percent >= 60) return GOOD;
  return { label: 'Low', color: 'red' };
}

/** Below 60 % the cache page adds a performance tip. */
export const needsHitRateTip = (percent: number | null): boolean => percent !== null && percent < 60;

/** Query duration: Excellent under 10 ms, Good under 50 ms, otherwise Optimize. */
export function rateQueryDuration(milliseconds: number): Rating {
  if (milliseconds < 10) return EXCELLENT;
  if (milliseconds < 50) return GOOD;
  return { label: 'Optimize', color: 'orange' };
}
