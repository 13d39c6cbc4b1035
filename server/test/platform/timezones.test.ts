import { resolveZoneName, wallClockToUtc } from '../../src/platform/time/timezones';

describe('resolveZoneName', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['Eastern Standard Time', 'America/New_York'],
    ['"W. Europe Standard Time"', 'Europe/Berlin'],
    ['/mozilla.org/20070129_1/Europe/Berlin', 'Europe/Berlin'],
    ['Customized Time Zone', null],
    ['', null],
  ])('%s → %p', (tzid, zone) => expect(resolveZoneName(tzid)).toBe(zone));
});

describe('wallClockToUtc', () => {
  const at = (zone: string, y: number, mo: number, d: number, h: number, mi = 0) =>
    new Date(
      wallClockToUtc({ year: y, month: mo, day: d, hour: h, minute: mi, second: 0 }, zone),
    ).toISOString();

  it('applies standard and daylight time', () => {
    expect(at('America/New_York', 2025, 3, 4, 9)).toBe('2025-03-04T14:00:00.000Z');
    expect(at('America/New_York', 2025, 7, 4, 9)).toBe('2025-07-04T13:00:00.000Z');
    expect(at('Europe/Berlin', 2025, 1, 15, 9, 30)).toBe('2025-01-15T08:30:00.000Z');
  });

  it('settles the hours around a DST change', () => {
    expect(at('America/New_York', 2025, 3, 9, 3)).toBe('2025-03-09T07:00:00.000Z'); // first hour of EDT
    expect(at('America/New_York', 2025, 11, 2, 12)).toBe('2025-11-02T17:00:00.000Z');
  });
});
