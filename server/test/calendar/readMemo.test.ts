import ICAL from 'ical.js';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';

const RANGE = { startDate: '2025-03-01', endDate: '2025-03-31' };
const ZONE = 'America/New_York';

const vevent = (uid: string, start: string, summary: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART;TZID=${ZONE}:${start}`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];
const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
const read = (text: string, range = RANGE, zone = ZONE) =>
  readIcsEvents(text, range, zone, DEFAULT_CALENDAR_LIMITS).events;

describe('a re-read of a calendar', () => {
  let parses: jest.SpyInstance;
  beforeEach(() => (parses = jest.spyOn(ICAL, 'parse')));
  afterEach(() => parses.mockRestore());

  it('parses only the events whose text changed since the last read, and reads the same events as a fresh read', () => {
    const events = ['a', 'b', 'c', 'd'].map((uid, day) =>
      vevent(uid, `2025031${day}T090000`, `Customer ${uid}`),
    );
    read(calendar(...events));
    events[2] = vevent('c', '20250312T090000', 'Customer c (moved)');
    const changed = calendar(...events);
    parses.mockClear();
    const again = read(changed);
    // the calendar's skeleton, and the one changed event
    expect(parses).toHaveBeenCalledTimes(2);
    expect(again.find((event) => event.leadId === 'c')?.summary).toBe('Customer c (moved)');
    // a read of another context reads everything again (below); this one from scratch:
    read(calendar(vevent('other', '20250301T090000', 'x')));
    expect(read(changed)).toEqual(again);
  });

  it('reads every event again when the range, the zone or the calendar around the events changed', () => {
    const events = [vevent('a', '20250310T090000', 'A'), vevent('b', '20250402T090000', 'B')];
    expect(read(calendar(...events)).map((event) => event.leadId)).toEqual(['a']);
    // a longer range holds 'b'; a floating time in another zone starts elsewhere
    expect(read(calendar(...events), { ...RANGE, endDate: '2025-04-30' }).map((e) => e.leadId)).toEqual([
      'a',
      'b',
    ]);
    const floating = calendar([
      'BEGIN:VEVENT',
      'UID:f',
      'DTSTART:20250310T090000',
      'SUMMARY:F',
      'END:VEVENT',
    ]);
    expect(read(floating, RANGE, 'Europe/Berlin')[0]?.start).toEqual(new Date('2025-03-10T08:00:00Z'));
    expect(read(floating, RANGE, ZONE)[0]?.start).toEqual(new Date('2025-03-10T13:00:00Z'));
    const withCalendarZone = floating.replace('VERSION:2.0', 'VERSION:2.0\r\nX-WR-TIMEZONE:Europe/Berlin');
    expect(read(withCalendarZone, RANGE, ZONE)[0]?.start).toEqual(new Date('2025-03-10T08:00:00Z'));
  });

  it('hands out events of its own: a caller changing one changes nothing the next read gives', () => {
    const text = calendar(vevent('a', '20250310T090000', 'A'));
    read(text)[0]!.summary = 'changed by the caller';
    expect(read(text)[0]!.summary).toBe('A');
    read(text)[0]!.summary = 'changed again';
    expect(read(text)[0]!.summary).toBe('A');
  });
});
