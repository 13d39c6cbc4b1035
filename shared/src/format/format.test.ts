import { formatDateTime, formatDay, formatDuration } from './formatDateTime';
import { formatNumber, formatPercent } from './formatNumber';

describe('one number format', () => {
  it('groups thousands the same way everywhere', () => {
    expect(formatNumber(2259)).toBe('2,259');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('gives rates one decimal', () => {
    expect(formatPercent(25)).toBe('25.0%');
    expect(formatPercent(66.666)).toBe('66.7%');
    expect(formatPercent(1234.5)).toBe('1,234.5%');
  });
});

describe('one time format', () => {
  it('shows a moment as mm/dd/yyyy, hh:mm AM in the local zone', () => {
    const local = new Date(2025, 2, 4, 9, 5);
    expect(formatDateTime(local)).toBe('03/04/2025, 09:05 AM');
    expect(formatDateTime(local.toISOString())).toBe('03/04/2025, 09:05 AM');
    expect(formatDateTime(null, 'Never')).toBe('Never');
    expect(formatDateTime('garbage', 'Never')).toBe('Never');
  });

  it('shows a calendar day as mm/dd/yyyy of its UTC date', () => {
    expect(formatDay('2025-03-04T02:00:00.000Z')).toBe('03/04/2025');
    expect(formatDay('')).toBe('');
  });

  it('says how long something took', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_449)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_780_000)).toBe('1 h 03 min');
    expect(formatDuration(null)).toBe('');
  });
});

describe('relative times', () => {
  it('says how long ago, as people do', async () => {
    const { formatRelativeTime } = await import('./formatRelativeTime');
    const now = Date.parse('2026-11-22T12:00:00Z');
    const ago = (ms: number) => formatRelativeTime(new Date(now - ms).toISOString(), now);
    expect(ago(20_000)).toBe('just now');
    expect(ago(3 * 60_000)).toBe('3 min ago');
    expect(ago(2 * 3_600_000 + 5)).toBe('2 h ago');
    expect(ago(30 * 3_600_000)).toBe('yesterday');
    expect(ago(4 * 86_400_000)).toBe('4 days ago');
    expect(ago(40 * 86_400_000)).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2} (AM|PM)$/);
  });
});
