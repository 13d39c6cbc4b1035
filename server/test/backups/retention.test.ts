import { pointsToPrune, type RetainedPoint } from '../../src/features/backups/retention';

const keep = { hourly: 3, daily: 2, monthly: 2, beforeChangeDays: 7 };
const now = new Date('2026-11-28T12:30:00.000Z');
const point = (at: string, kind: RetainedPoint['kind'] = 'schedule'): RetainedPoint => ({
  name: `${at}-${kind}`,
  kind,
  at,
});

// Issue 36: grandfather-father-son by settings; points before a change (and on request) kept 7 days.
describe('the retention rule', () => {
  it('keeps the newest of each of the last hours, days and months, and removes the rest', () => {
    const points = [
      point('2026-11-28T12:00:00.000Z'),
      point('2026-11-28T11:30:00.000Z'),
      point('2026-11-28T11:00:00.000Z'),
      point('2026-11-28T10:00:00.000Z'),
      point('2026-11-28T09:00:00.000Z'),
      point('2026-11-27T23:00:00.000Z'),
      point('2026-11-26T23:00:00.000Z'),
      point('2026-10-31T23:00:00.000Z'),
      point('2026-09-30T23:00:00.000Z'),
    ];
    expect(pointsToPrune(points, keep, now).sort()).toEqual(
      [
        '2026-11-28T11:00:00.000Z-schedule', // the older one of hour 11
        '2026-11-28T09:00:00.000Z-schedule', // past the 3 hours, not the newest of its day
        '2026-11-26T23:00:00.000Z-schedule', // past the 2 days, not the newest of its month
        '2026-09-30T23:00:00.000Z-schedule', // past the 2 months
      ].sort(),
    );
  });

  it('keeps points made before a change or on request for beforeChangeDays, and always the newest', () => {
    const points = [
      point('2026-11-28T12:10:00.000Z', 'manual'),
      point('2026-11-28T12:05:00.000Z', 'import'),
      point('2026-11-28T12:01:00.000Z'),
      point('2026-11-10T12:00:00.000Z', 'bulk'),
    ];
    expect(pointsToPrune(points, { hourly: 0, daily: 0, monthly: 0, beforeChangeDays: 7 }, now)).toEqual([
      '2026-11-28T12:01:00.000Z-schedule',
      '2026-11-10T12:00:00.000Z-bulk',
    ]);
  });
});
