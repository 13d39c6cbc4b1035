import { defaultRange, hoursSince, QUICK_RANGES, rate } from './syncDates';

const TODAY = new Date(2026, 10, 21, 15, 30); // local time

describe('sync dates', () => {
  it('defaults to 5 days back and 15 days ahead', () => {
    expect(defaultRange(TODAY)).toEqual({ startDate: '2026-11-16', endDate: '2026-12-06' });
  });

  it('offers the five quick ranges', () => {
    expect(QUICK_RANGES.map((quick) => [quick.label, quick.range(TODAY)])).toEqual([
      ['Last 7d', { startDate: '2026-11-14', endDate: '2026-11-21' }],
      ['Last 30d', { startDate: '2026-10-22', endDate: '2026-11-21' }],
      ['Last 90d', { startDate: '2026-08-23', endDate: '2026-11-21' }],
      ['Next 7d', { startDate: '2026-11-21', endDate: '2026-11-28' }],
      ['Next 30d', { startDate: '2026-11-21', endDate: '2026-12-21' }],
    ]);
  });

  it('counts whole hours since the last sync, 0 if none', () => {
    const now = Date.parse('2026-11-21T15:00:00Z');
    expect(hoursSince(null, now)).toBe(0);
    expect(hoursSince('2026-11-21T11:59:00Z', now)).toBe(3);
    expect(hoursSince('garbage', now)).toBe(0);
  });

  it('gives rates with one decimal, 0 without runs', () => {
    expect(rate(2, 3)).toBe(66.7);
    expect(rate(0, 0)).toBe(0);
  });
});
