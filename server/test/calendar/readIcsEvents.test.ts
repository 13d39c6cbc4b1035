import { icsFixture, icsFixtureNames } from '../../testkit/ics/icsFixtures';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { CalendarFileError, readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';

const ALL_TIME = { startDate: '1990-01-01', endDate: '2035-12-31' };
// 45 years of a daily series is more than one run may hold; these tests read whole files
const WHOLE_FILES = { ...DEFAULT_CALENDAR_LIMITS, occurrencesPerSeries: 1_000_000 };
const read = (text: string, range = ALL_TIME, zone = 'America/New_York') =>
  readIcsEvents(text, range, zone, WHOLE_FILES);
const byId = (text: string, range = ALL_TIME) =>
  new Map(read(text, range).events.map((event) => [event.leadId, event]));

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');

describe('readIcsEvents on real-world files', () => {
  it.each(icsFixtureNames())('%s imports or fails with a clear message', (name) => {
    try {
      const { events, problems } = read(icsFixture(name));
      expect(new Set(events.map((event) => event.leadId)).size).toBe(events.length);
      for (const event of events) expect(Number.isNaN(event.start.getTime())).toBe(false);
      for (const problem of problems) expect(problem.message).toEqual(expect.any(String));
    } catch (error) {
      expect(error).toBeInstanceOf(CalendarFileError);
      expect((error as Error).message).toMatch(/^The calendar file could not be read: .+/);
    }
  });

  it('applies an override listed before its master (Google)', () => {
    const events = byId(icsFixture('allenporter_google_recurring_single_change.ics'));
    expect(events.size).toBe(3);
    expect(events.get('5st6kahlb53s6sdmrgkldms9k2@google.com_20260202T150000Z')).toMatchObject({
      summary: 'Edited Title',
      start: new Date('2026-02-02T15:00:00.000Z'),
    });
    expect(events.get('5st6kahlb53s6sdmrgkldms9k2@google.com_20260201T150000Z')?.summary).toBe(
      'Initial Title',
    );
  });

  it('drops EXDATEs and moves an overridden instance, keeping its leadId', () => {
    const events = byId(icsFixture('nodeical_exdate_and_recurrence_id.ics'));
    expect(events.size).toBe(8);
    expect(events.has('0000001_20150708T190000Z')).toBe(false);
    expect(events.get('0000001_20150707T190000Z')).toMatchObject({
      summary: 'More Treasure Hunting',
      start: new Date('2015-07-09T22:00:00.000Z'),
    });
  });

  it('flags STATUS:CANCELLED and converts zoned times', () => {
    const events = read(icsFixture('nodeical_apple_macos_status_cancelled.ics')).events;
    const cancelled = events.find((event) => event.summary === 'Cancelled');
    expect(cancelled).toMatchObject({ cancelled: true, start: new Date('2022-07-06T20:00:00.000Z') });
    expect(events.filter((event) => event.cancelled)).toHaveLength(1);
  });

  it('matches a DATE-TIME RECURRENCE-ID to an all-day series (Exchange)', () => {
    const events = byId(icsFixture('nodeical_exchange_allday_moved_recurrence.ics'), {
      startDate: '2026-02-20',
      endDate: '2026-03-01',
    });
    const moved = events.get('exchange-moved-recurrence_20260226T000000Z');
    expect(moved).toMatchObject({ allDay: true, start: new Date('2026-02-27T00:00:00.000Z') });
    expect(
      [...events.values()].filter((event) => event.start.toISOString().startsWith('2026-02-26')),
    ).toHaveLength(0);
  });

  it('reads a date written without VALUE=DATE as a date (Apple iCal 1.0; ical.js 2.2.1 drops it)', () => {
    const { events, problems } = read(icsFixture('nodeical_apple_ical1_mixed_tz_floating.ics'));
    expect(problems).toEqual([]);
    expect(events).toHaveLength(5);
    expect(events.filter((event) => event.allDay).map((event) => event.start.toISOString())).toEqual([
      '2002-10-28T00:00:00.000Z',
      '2002-10-28T00:00:00.000Z',
    ]);
  });

  it('throws CalendarFileError for a truncated file', () => {
    expect(() => read(icsFixture('pyicalendar_truncated_MALFORMED.ics'))).toThrow(CalendarFileError);
  });
});

describe('readIcsEvents on the rules', () => {
  it('reads a file with a UTF-8 BOM and CRLF line ends', () => {
    const text = `\uFEFF${calendar('BEGIN:VEVENT', 'UID:a', 'DTSTART:20250304T140000Z', 'SUMMARY:Jane', 'END:VEVENT')}`;
    expect(read(text).events).toEqual([
      {
        leadId: 'a',
        summary: 'Jane',
        description: '',
        url: '',
        location: '',
        start: new Date('2025-03-04T14:00:00Z'),
        end: null,
        allDay: false,
        cancelled: false,
      },
    ]);
  });

  it('reads the address (LOCATION) and the end: DTEND in its zone, DTSTART + DURATION, a series instance as long as its series', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:dtend',
      'DTSTART;TZID=America/New_York:20250304T090000',
      'DTEND;TZID=America/New_York:20250304T103000',
      'SUMMARY:Jane Doe',
      'LOCATION:12 Elm St\\, Boston\\, MA 02118',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:duration',
      'DTSTART:20250305T140000Z',
      'DURATION:PT1H15M',
      'SUMMARY:Tom Lee',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART:20250306T150000Z',
      'DTEND:20250306T160000Z',
      'RRULE:FREQ=WEEKLY;COUNT=2',
      'SUMMARY:Ann Ortiz',
      'END:VEVENT',
    );
    const events = read(text).events.map(({ leadId, location, start, end }) => ({
      leadId,
      location,
      start,
      end,
    }));
    expect(events).toEqual([
      {
        leadId: 'dtend',
        location: '12 Elm St, Boston, MA 02118',
        start: new Date('2025-03-04T14:00:00Z'),
        end: new Date('2025-03-04T15:30:00Z'),
      },
      {
        leadId: 'duration',
        location: '',
        start: new Date('2025-03-05T14:00:00Z'),
        end: new Date('2025-03-05T15:15:00Z'),
      },
      {
        leadId: 'weekly_20250306T150000Z',
        location: '',
        start: new Date('2025-03-06T15:00:00Z'),
        end: new Date('2025-03-06T16:00:00Z'),
      },
      {
        leadId: 'weekly_20250313T150000Z',
        location: '',
        start: new Date('2025-03-13T15:00:00Z'),
        end: new Date('2025-03-13T16:00:00Z'),
      },
    ]);
  });

  it('reads folded lines, escapes and the URL', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTART:20250304T140000Z',
      'SUMMARY:Smith\\, John',
      'DESCRIPTION:Auditor: Sam Rivera\\nHouse Type: 2 Family\\nPhone: (617) 555-01',
      ' 42',
      'URL:https://calendar.example.com/event/b',
      'END:VEVENT',
    );
    expect(read(text).events[0]).toMatchObject({
      summary: 'Smith, John',
      description: 'Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-0142',
      url: 'https://calendar.example.com/event/b',
    });
  });

  it('resolves IANA and Windows TZIDs that have no VTIMEZONE', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:iana',
      'DTSTART;TZID=America/New_York:20250304T090000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:windows',
      'DTSTART;TZID="Eastern Standard Time":20250704T090000',
      'END:VEVENT',
    );
    const events = byId(text);
    expect(events.get('iana')?.start.toISOString()).toBe('2025-03-04T14:00:00.000Z');
    expect(events.get('windows')?.start.toISOString()).toBe('2025-07-04T13:00:00.000Z');
  });

  it("reads each event against its own calendar's VTIMEZONE, whatever stands before the calendar", () => {
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:Office Time',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0300',
      'END:STANDARD',
      'END:VTIMEZONE',
    ];
    const event = ['BEGIN:VEVENT', 'UID:office', 'DTSTART;TZID=Office Time:20250304T090000', 'END:VEVENT'];
    const stray = ['BEGIN:VEVENT', 'UID:stray', 'DTSTART:20250304T090000Z', 'END:VEVENT'].join('\r\n');
    const text = `${stray}\r\n${calendar(...vtimezone, ...event)}`;
    expect(read(text).events.map((e) => [e.leadId, e.start.toISOString()])).toEqual([
      ['office', '2025-03-04T06:00:00.000Z'],
    ]);
  });

  it('reads floating times in the calendar zone (X-WR-TIMEZONE), else the default zone', () => {
    const event = ['BEGIN:VEVENT', 'UID:f', 'DTSTART:20250115T090000', 'END:VEVENT'];
    expect(read(calendar('X-WR-TIMEZONE:Europe/Berlin', ...event)).events[0]?.start.toISOString()).toBe(
      '2025-01-15T08:00:00.000Z',
    );
    expect(read(calendar(...event)).events[0]?.start.toISOString()).toBe('2025-01-15T14:00:00.000Z');
  });

  it('gives an all-day event its date at 00:00 UTC', () => {
    const text = calendar('BEGIN:VEVENT', 'UID:d', 'DTSTART;VALUE=DATE:20250304', 'END:VEVENT');
    expect(read(text).events[0]).toMatchObject({ allDay: true, start: new Date('2025-03-04T00:00:00.000Z') });
  });

  it('keeps the events that start inside the range, both days inclusive', () => {
    const at = (uid: string, start: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART:${start}`,
      'END:VEVENT',
    ];
    const text = calendar(
      ...at('before', '20250228T235959Z'),
      ...at('first', '20250301T000000Z'),
      ...at('last', '20250331T235959Z'),
      ...at('after', '20250401T000000Z'),
    );
    expect(
      read(text, { startDate: '2025-03-01', endDate: '2025-03-31' }).events.map((event) => event.leadId),
    ).toEqual(['first', 'last']);
  });

  it('expands a weekly series inside the range only, with a cancelled instance flagged', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART;TZID=America/New_York:20250106T090000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'SUMMARY:Standing audit',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'RECURRENCE-ID;TZID=America/New_York:20250120T090000',
      'DTSTART;TZID=America/New_York:20250120T090000',
      'STATUS:CANCELLED',
      'SUMMARY:Standing audit',
      'END:VEVENT',
    );
    const events = read(text, { startDate: '2025-01-13', endDate: '2025-01-27' }).events;
    expect(events.map((event) => [event.leadId, event.cancelled])).toEqual([
      ['weekly_20250113T140000Z', false],
      ['weekly_20250120T140000Z', true],
      ['weekly_20250127T140000Z', false],
    ]);
  });

  it('does not attach one series’ overrides to another (ical.js would)', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:one',
      'DTSTART:20250106T140000Z',
      'RRULE:FREQ=DAILY;COUNT=2',
      'SUMMARY:One',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:two',
      'DTSTART:20250106T140000Z',
      'RRULE:FREQ=DAILY;COUNT=2',
      'SUMMARY:Two',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:two',
      'RECURRENCE-ID:20250107T140000Z',
      'DTSTART:20250107T160000Z',
      'SUMMARY:Two moved',
      'END:VEVENT',
    );
    const events = byId(text);
    expect(events.get('one_20250107T140000Z')?.summary).toBe('One');
    expect(events.get('two_20250107T140000Z')?.summary).toBe('Two moved');
  });

  it('keeps overrides whose series is not in the file (Google birthdays)', () => {
    const { events } = read(icsFixture('icaljs_google_birthday.ics'));
    expect(events.filter((event) => event.leadId.includes('_')).length).toBeGreaterThan(0);
  });

  it('gives an event without UID a stable key', () => {
    const text = calendar('BEGIN:VEVENT', 'DTSTART:20250304T140000Z', 'SUMMARY:No uid', 'END:VEVENT');
    const first = read(text).events[0]?.leadId;
    expect(first).toMatch(/^no-uid-[0-9a-f]{16}$/);
    expect(read(text).events[0]?.leadId).toBe(first);
  });
});
