import ICAL from 'ical.js';
import { hostileIcs } from '../../testkit/ics/icsCases';
import { CalendarLimitError, DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';
import { MAX_WALK } from '../../src/features/calendar/ics/rfc5545/recurrenceSet';

// A calendar invitation is enough to plant these (DESIGN.md section 14, in ../shared).
const steps = jest.spyOn(ICAL.RecurIterator.prototype, 'next');
beforeEach(() => steps.mockClear());

const refusal = (
  name: string,
  range: { startDate: string; endDate: string },
  limits = DEFAULT_CALENDAR_LIMITS,
) => {
  try {
    readIcsEvents(hostileIcs(name), range, 'UTC', limits);
  } catch (error) {
    return error as CalendarLimitError;
  }
  throw new Error(`${name} was read`);
};

describe('hostile calendars', () => {
  it('refuses a rule finer than hourly, naming the event, before stepping through it', () => {
    const error = refusal('secondly-flood.ics', { startDate: '2026-01-05', endDate: '2026-01-06' });
    expect(error).toBeInstanceOf(CalendarLimitError);
    expect(error.limit).toBe('allowSubHourlyRules');
    expect(error.message).toBe(
      'The event "Flood" (UID secondly-flood@hostile.test) repeats more often than hourly (FREQ=SECONDLY); rules finer than hourly are not synced.' +
        ' Nothing was written (the limit is the setting SYNC_ALLOW_SUBHOURLY_RULES).',
    );
    expect(steps).not.toHaveBeenCalled();
  });

  it('stops a series allowed to be that fine at the occurrences one series may have', () => {
    const limits = { ...DEFAULT_CALENDAR_LIMITS, allowSubHourlyRules: true };
    const error = refusal('secondly-flood.ics', { startDate: '2026-01-05', endDate: '2026-01-06' }, limits);
    expect(error.limit).toBe('occurrencesPerSeries');
    expect(error.message).toContain(
      '"Flood" (UID secondly-flood@hostile.test) has more than 5,000 occurrences',
    );
    expect(steps.mock.calls.length).toBeLessThanOrEqual(limits.occurrencesPerSeries + 2);
  });

  it.each(['two-walks-from-2000.ics', 'five-walks-from-2000.ics'])(
    '%s: a range 30 years after DTSTART is reached without walking the years between',
    (name) => {
      const error = refusal(name, { startDate: '2030-01-01', endDate: '2030-01-02' });
      expect(error.limit).toBe('allowSubHourlyRules');
      expect(error.message).toMatch(/^The event "Walk (A|a)" \(UID walk-from-2000-a@hostile\.test\)/);

      const limits = { ...DEFAULT_CALENDAR_LIMITS, allowSubHourlyRules: true };
      // allowed, the series (COUNT=100,000,000 seconds from 2000) ended in 2003: nothing to read
      const read = readIcsEvents(
        hostileIcs(name),
        { startDate: '2030-01-01', endDate: '2030-01-02' },
        'UTC',
        limits,
      );
      expect(read.events).toEqual([]);
      expect(steps.mock.calls.length).toBeLessThanOrEqual(10);
    },
  );

  it('skips whole periods to a range far after DTSTART, counting them against COUNT', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:hourly',
      'DTSTART:20000101T090000Z',
      'RRULE:FREQ=HOURLY;COUNT=262993',
      'SUMMARY:Hourly since 2000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    // 262,993 hours from 2000-01-01T09:00Z end at 2030-01-01T09:00Z exactly
    const { events } = readIcsEvents(ics, { startDate: '2030-01-01', endDate: '2030-01-02' }, 'UTC');
    expect(events.map((event) => event.start.toISOString())).toEqual(
      Array.from({ length: 10 }, (_, hour) => `2030-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`),
    );
    expect(steps.mock.calls.length).toBeLessThan(100);
  });

  it('refuses a rule that would have to be walked further than MAX_WALK steps to reach the range', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:hourly-by',
      'DTSTART:20000103T090000Z',
      'RRULE:FREQ=HOURLY;BYDAY=MO,TU,WE,TH,FR',
      'SUMMARY:Weekday hours since 2000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const error = (() => {
      try {
        readIcsEvents(ics, { startDate: '2030-01-01', endDate: '2030-01-02' }, 'UTC');
      } catch (caught) {
        return caught as CalendarLimitError;
      }
      return null;
    })();
    expect(error?.limit).toBe('occurrencesPerSeries');
    expect(error?.message).toContain('repeats more than 100,000 times before the synced range');
    expect(steps.mock.calls.length).toBeLessThanOrEqual(MAX_WALK + 2);
  });

  it('stops a run at the events one run may hold, naming where', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      ...Array.from({ length: 4 }, (_, index) => [
        'BEGIN:VEVENT',
        `UID:e${index}`,
        `DTSTART:2026010${index + 1}T090000Z`,
        `SUMMARY:Event ${index}`,
        'END:VEVENT',
      ]).flat(),
      'END:VCALENDAR',
    ].join('\r\n');
    const limits = { ...DEFAULT_CALENDAR_LIMITS, eventsPerRun: 3 };
    expect(() =>
      readIcsEvents(ics, { startDate: '2026-01-01', endDate: '2026-01-31' }, 'UTC', limits),
    ).toThrow(
      'The calendar holds more than 3 events in the synced range, the limit for one run (reached at the event "Event 3" (UID e3)).',
    );
  });
});
