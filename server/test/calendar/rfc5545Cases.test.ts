import { icsCase } from '../../testkit/ics/icsCases';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';

// Each case reproduces a difference found against an independent implementation on real
// exports (event-format.md, "Calendars as they really are", in ../shared/docs).
const RANGE = { startDate: '2024-01-01', endDate: '2027-12-31' };
const read = (name: string) => readIcsEvents(icsCase(name), RANGE, 'America/New_York');
const starts = (name: string, uid: string) =>
  read(name)
    .events.filter((event) => event.leadId.startsWith(uid))
    .map((event) => [event.leadId, event.start.toISOString()]);

describe('calendars as real programs write them', () => {
  it('starts a VTIMEZONE observance at its DTSTART as well as its RDATEs (ical.js 2.2.1 adds no change for the DTSTART when RDATE is present)', () => {
    const events = read('observance-dtstart-and-rdate.ics').events;
    expect(events.map((event) => [event.leadId, event.start.toISOString()])).toEqual([
      ['summer-2025@case', '2025-06-10T08:00:00.000Z'],
      ['winter-2025@case', '2025-12-10T09:00:00.000Z'],
      ['summer-2026@case', '2026-07-01T08:00:00.000Z'],
    ]);
  });

  it('reads every value of a multi-valued RDATE in an observance (ical.js 2.2.1 reads the first only)', () => {
    const events = read('observance-rdate-list.ics').events;
    expect(events.map((event) => [event.leadId, event.start.toISOString()])).toEqual([
      ['paris-winter@case', '2025-01-15T08:30:00.000Z'],
      ['paris-summer@case', '2026-06-15T07:30:00.000Z'],
    ]);
  });

  it('expands a series whose TZID has no VTIMEZONE in that zone, so UTC EXDATE and RECURRENCE-ID match (ical.js 2.2.1 compares them with floating times)', () => {
    const events = read('zone-without-vtimezone.ics').events.filter((event) =>
      event.leadId.startsWith('weekly-berlin'),
    );
    expect(events.map((event) => [event.leadId, event.start.toISOString(), event.summary])).toEqual([
      ['weekly-berlin@case_20250106T090000Z', '2025-01-06T09:00:00.000Z', 'Weekly in Berlin'],
      ['weekly-berlin@case_20250120T090000Z', '2025-01-20T13:00:00.000Z', 'Weekly in Berlin (moved)'],
      ['weekly-berlin@case_20250127T090000Z', '2025-01-27T09:00:00.000Z', 'Weekly in Berlin'],
    ]);
  });

  it('ends a series at a UTC UNTIL compared in the series zone (Windows TZID without VTIMEZONE)', () => {
    expect(starts('zone-without-vtimezone.ics', 'daily-berlin').map(([, start]) => start)).toEqual([
      '2025-01-06T09:00:00.000Z',
      '2025-01-07T09:00:00.000Z',
      '2025-01-08T09:00:00.000Z',
    ]);
  });

  it('keeps DTSTART as the first instance of an RDATE-only event (ical.js 2.2.1 drops it)', () => {
    expect(starts('rdate-only.ics', 'rdate-only').map(([, start]) => start)).toEqual([
      '2025-03-01T14:00:00.000Z',
      '2025-03-08T14:00:00.000Z',
      '2025-03-15T14:00:00.000Z',
    ]);
  });

  it('counts COUNT in instances across a year change with BYMONTH (ical.js 2.2.1 loses one with COUNT)', () => {
    const third = starts('count-across-the-year.ics', 'third-wednesday').map(([, start]) => start);
    expect(third).toHaveLength(9);
    expect(third.at(-1)).toBe('2026-05-20T14:00:00.000Z');
    expect(starts('count-across-the-year.ics', 'school-months').map(([, start]) => start)).toEqual([
      '2025-09-17T14:00:00.000Z',
      '2025-10-15T14:00:00.000Z',
      '2025-11-19T15:00:00.000Z',
      '2025-12-17T15:00:00.000Z',
      '2026-01-21T15:00:00.000Z',
    ]);
  });

  it('removes an instance that both RRULE and RDATE give when EXDATE names it, and counts a doubly given one once (ical.js 2.2.1 keeps the second copy)', () => {
    expect(starts('exdate-of-rule-and-rdate.ics', 'twice-removed').map(([, start]) => start)).toEqual([
      '2025-03-03T14:00:00.000Z',
      '2025-03-17T14:00:00.000Z',
    ]);
    expect(starts('exdate-of-rule-and-rdate.ics', 'twice-given').map(([, start]) => start)).toEqual([
      '2025-03-03T15:00:00.000Z',
      '2025-03-10T15:00:00.000Z',
      '2025-03-17T15:00:00.000Z',
    ]);
  });

  it('takes the master with the highest SEQUENCE, then the latest DTSTAMP, then the last in the file', () => {
    const events = read('several-masters.ics').events;
    const of = (uid: string) =>
      events
        .filter((event) => event.leadId.startsWith(uid))
        .map((event) => [event.start.toISOString(), event.summary]);
    expect(of('by-sequence')).toEqual([
      ['2025-03-03T14:00:00.000Z', 'Edited series'],
      ['2025-03-10T14:00:00.000Z', 'Edited series'],
      ['2025-03-24T14:00:00.000Z', 'Edited series'],
    ]);
    expect(of('by-stamp')).toEqual([
      ['2025-03-05T14:00:00.000Z', 'Newer stamp'],
      ['2025-03-12T14:00:00.000Z', 'Newer stamp'],
    ]);
    expect(of('by-order')).toEqual([
      ['2025-03-07T16:00:00.000Z', 'Last in file'],
      ['2025-03-14T18:00:00.000Z', 'Last in file (moved)'],
    ]);
  });

  it('reads a date written without VALUE=DATE as a date, and skips an unreadable override alone (ical.js 2.2.1 reads such a date as an invalid date-time)', () => {
    const { events, problems } = read('bare-dates.ics');
    expect(events.map((event) => [event.leadId, event.start.toISOString(), event.allDay])).toEqual([
      ['independence-day@case', '2025-07-04T00:00:00.000Z', true],
      ['weekly-allday@case_20250107T000000Z', '2025-01-07T00:00:00.000Z', true],
      ['weekly-allday@case_20250114T000000Z', '2025-01-15T00:00:00.000Z', true],
      ['weekly-allday@case_20250121T000000Z', '2025-01-21T00:00:00.000Z', true],
      ['weekly-allday@case_20250128T000000Z', '2025-01-28T00:00:00.000Z', true],
    ]);
    expect(problems).toEqual([
      { uid: 'weekly-allday@case', summary: 'Unreadable override', message: expect.any(String) },
    ]);
  });

  it('moves and changes the later instances of a series by a RECURRENCE-ID with RANGE=THISANDFUTURE (RFC 5545 3.8.4.4; ical.js-based reading ignored the range)', () => {
    const of = (uid: string) =>
      read('this-and-future.ics')
        .events.filter((event) => event.leadId.startsWith(uid))
        .map((event) => [
          event.leadId.slice(uid.length + 1),
          event.start.toISOString(),
          event.end?.toISOString() ?? null,
          event.summary,
          event.cancelled,
        ]);
    // 10:00 → 11:30 New York time from 24 February on, an hour and a half long; across the
    // change to summer time on 9 March still 11:30 there; 17 March's own override wins
    expect(of('weekly-moved@case')).toEqual([
      ['20250203T150000Z', '2025-02-03T15:00:00.000Z', '2025-02-03T16:00:00.000Z', 'Weekly audit', false],
      ['20250210T150000Z', '2025-02-10T15:00:00.000Z', '2025-02-10T16:00:00.000Z', 'Weekly audit', false],
      ['20250217T150000Z', '2025-02-17T15:00:00.000Z', '2025-02-17T16:00:00.000Z', 'Weekly audit', false],
      [
        '20250224T150000Z',
        '2025-02-24T16:30:00.000Z',
        '2025-02-24T18:00:00.000Z',
        'Weekly audit (later)',
        false,
      ],
      [
        '20250303T150000Z',
        '2025-03-03T16:30:00.000Z',
        '2025-03-03T18:00:00.000Z',
        'Weekly audit (later)',
        false,
      ],
      [
        '20250310T140000Z',
        '2025-03-10T15:30:00.000Z',
        '2025-03-10T17:00:00.000Z',
        'Weekly audit (later)',
        false,
      ],
      [
        '20250317T140000Z',
        '2025-03-17T18:00:00.000Z',
        '2025-03-17T19:00:00.000Z',
        'Weekly audit (one afternoon)',
        false,
      ],
      [
        '20250324T140000Z',
        '2025-03-24T15:30:00.000Z',
        '2025-03-24T17:00:00.000Z',
        'Weekly audit (later)',
        false,
      ],
    ]);
    expect(of('allday-shifted@case').map(([id, start, , summary]) => [id, start, summary])).toEqual([
      ['20250106T000000Z', '2025-01-06T00:00:00.000Z', 'Monday visits'],
      ['20250113T000000Z', '2025-01-13T00:00:00.000Z', 'Monday visits'],
      ['20250120T000000Z', '2025-01-21T00:00:00.000Z', 'Tuesday visits'],
      ['20250127T000000Z', '2025-01-28T00:00:00.000Z', 'Tuesday visits'],
      ['20250203T000000Z', '2025-02-04T00:00:00.000Z', 'Tuesday visits'],
    ]);
    expect(of('cancel-rest@case').map(([id, , , , cancelled]) => [id, cancelled])).toEqual([
      ['20250401T090000Z', false],
      ['20250402T090000Z', false],
      ['20250403T090000Z', true],
      ['20250404T090000Z', true],
      ['20250405T090000Z', true],
    ]);
    // a second range override rules from its own instance on
    expect(of('twice-moved@case').map(([, start]) => start)).toEqual([
      '2025-06-04T15:00:00.000Z',
      '2025-06-11T16:00:00.000Z',
      '2025-06-18T16:00:00.000Z',
      '2025-06-25T14:00:00.000Z',
      '2025-07-02T14:00:00.000Z',
      '2025-07-09T14:00:00.000Z',
    ]);
  });

  it('finds the instances a THISANDFUTURE override moves into the synced range from before it, and leaves out those it moves out', () => {
    const september = readIcsEvents(
      icsCase('this-and-future.ics'),
      { startDate: '2025-09-11', endDate: '2025-09-30' },
      'America/New_York',
    ).events;
    expect(september.map((event) => [event.leadId, event.start.toISOString()])).toEqual([
      ['moved-into-range@case_20250908T120000Z', '2025-09-11T12:00:00.000Z'],
      ['moved-into-range@case_20250909T120000Z', '2025-09-12T12:00:00.000Z'],
      ['moved-into-range@case_20250910T120000Z', '2025-09-13T12:00:00.000Z'],
    ]);
    const early = readIcsEvents(
      icsCase('this-and-future.ics'),
      { startDate: '2025-09-01', endDate: '2025-09-05' },
      'America/New_York',
    ).events;
    expect(early.map((event) => event.start.toISOString())).toEqual([
      '2025-09-01T12:00:00.000Z',
      '2025-09-02T12:00:00.000Z',
    ]);
  });

  it('makes up no 1 March for a yearly series from 29 February, nor a March day for a yearly one on the 31st: an invalid date is no instance and not counted (RFC 5545 3.3.10)', () => {
    const wide = readIcsEvents(
      icsCase('leap-day-yearly.ics'),
      { startDate: '2024-01-01', endDate: '2033-12-31' },
      'America/New_York',
    ).events;
    const of = (uid: string) =>
      wide.filter((event) => event.leadId.startsWith(uid)).map((event) => event.start.toISOString());
    expect(of('leap-birthday@case')).toEqual([
      '2024-02-29T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2032-02-29T00:00:00.000Z',
    ]);
    // COUNT=3 counts the leap years only
    expect(of('leap-review@case')).toEqual([
      '2024-02-29T14:00:00.000Z',
      '2028-02-29T14:00:00.000Z',
      '2032-02-29T14:00:00.000Z',
    ]);
    expect(of('month-ends@case')).toEqual([
      '2025-01-31T15:00:00.000Z',
      '2026-01-31T15:00:00.000Z',
      '2027-01-31T15:00:00.000Z',
      '2028-01-31T15:00:00.000Z',
    ]);
  });
});
