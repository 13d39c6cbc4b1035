import { icsCase } from '../../../../../test/support/icsCases';
import { readIcsEvents } from '../readIcsEvents';

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
});
