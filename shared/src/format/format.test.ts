import { formatDateTime, formatDay, formatDuration } from './formatDateTime';
import { formatNumber, formatPercent } from './formatNumber';
import { formatDayAndTimeIn, formatTimeIn } from './formatInZone';

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

describe('times in the business zone', () => {
  it('reads an instant as the office does, either side of a clock change', () => {
    expect(formatDayAndTimeIn('2025-12-30T14:00:00.000Z', 'America/New_York')).toBe('12/30/2025 9:00 AM');
    expect(formatDayAndTimeIn('2025-07-01T13:30:00.000Z', 'America/New_York')).toBe('07/01/2025 9:30 AM');
    expect(formatTimeIn('2025-03-04T15:30:00.000Z', 'America/New_York')).toBe('10:30 AM');
    // an evening visit is on the office's day, not the UTC day after
    expect(formatDayAndTimeIn('2025-03-05T01:00:00.000Z', 'America/Los_Angeles')).toBe('03/04/2025 5:00 PM');
  });

  it('is empty for no value or one that is not a time', () => {
    expect(formatDayAndTimeIn(null, 'UTC')).toBe('');
    expect(formatTimeIn('', 'UTC')).toBe('');
    expect(formatTimeIn('not a time', 'UTC')).toBe('');
  });
});
