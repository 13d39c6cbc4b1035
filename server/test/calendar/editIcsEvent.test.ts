import ICAL from 'ical.js';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import { editIcsEvent } from '../../src/features/calendar/ics/editIcsEvent';
import { eventEditOf, type OfficeChanges } from '../../src/features/calendar/eventFormat/eventEdit';

const ZONE = 'America/New_York';
const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };
const AUDITORS = ['Sam Rivera', 'Alex Chen'];

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:STANDARD',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const edited = (ics: string, changes: OfficeChanges, instance: string | null = null) =>
  editIcsEvent(ics, instance, eventEditOf(changes), ZONE);
const leadsOf = (ics: string) =>
  readIcsEvents(ics, MARCH, ZONE).events.map((event) => parseEvent(event, AUDITORS));
const property = (ics: string, name: string, index = 0) => {
  const vevents = new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent');
  return vevents[index]!.getFirstProperty(name);
};

describe('editIcsEvent', () => {
  it('moves a zoned visit in its own zone, keeping its TZID and the zone definition', () => {
    const ics = calendar(
      ...NEW_YORK,
      'BEGIN:VEVENT',
      'UID:zoned@test',
      'DTSTART;TZID=America/New_York:20250304T090000',
      'DURATION:PT1H30M',
      'SUMMARY:Jane Doe',
      'DESCRIPTION:Auditor: Sam Rivera\\nHouse Type: 2 Family',
      'END:VEVENT',
    );
    const after = edited(ics, { scheduledDate: '2025-03-12T13:00:00.000Z' });
    expect(property(after, 'dtstart')!.getParameter('tzid')).toBe('America/New_York');
    // 12 March is daylight time in New York: 13:00 UTC is 9:00 there
    expect(property(after, 'dtstart')!.getFirstValue()!.toString()).toBe('2025-03-12T09:00:00');
    expect(after).toContain('BEGIN:VTIMEZONE');
    expect(leadsOf(after)).toEqual([
      expect.objectContaining({
        scheduledDate: '2025-03-12T13:00:00.000Z',
        endDate: '2025-03-12T14:30:00.000Z',
      }),
    ]);
  });

  it('moves an all-day visit as a date, and writes an end the office set in place of a duration', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:allday@test',
      'DTSTART;VALUE=DATE:20250304',
      'DURATION:P1D',
      'SUMMARY:Jane Doe',
      'END:VEVENT',
    );
    // a day is written as its date alone (dateText.ts); an instant would make the visit timed
    const moved = edited(ics, { scheduledDate: '2025-03-06' });
    expect(moved).toContain('DTSTART;VALUE=DATE:20250306');
    const ended = edited(ics, { endDate: '2025-03-06T00:00:00.000Z' });
    expect(ended).not.toContain('DURATION');
    expect(leadsOf(ended)[0]).toMatchObject({ endDate: '2025-03-06T00:00:00.000Z' });
  });

  it('takes a cancellation back: STATUS and the marker go, a Status line says what it is now', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:cancelled@test',
      'DTSTART:20250304T140000Z',
      'STATUS:CANCELLED',
      'SUMMARY:Cancelled - Jane Doe',
      'DESCRIPTION:Auditor: Sam Rivera\\nHouse Type: 2 Family',
      'END:VEVENT',
    );
    const after = edited(ics, { status: 'Completed' });
    expect(property(after, 'status')).toBeNull();
    expect(property(after, 'summary')!.getFirstValue()).toBe('Jane Doe');
    expect(leadsOf(after)[0]).toMatchObject({ status: 'Completed', customerName: 'Jane Doe' });
    // a renamed customer of a cancelled event keeps the event's marker
    expect(property(edited(ics, { customerName: 'Jane Q. Doe' }), 'summary')!.getFirstValue()).toBe(
      'Cancelled - Jane Q. Doe',
    );
  });

  it('writes comments to the Comments line and leaves unknown lines and free text where they are', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:comments@test',
      'DTSTART:20250304T140000Z',
      'SUMMARY:Jane Doe',
      'DESCRIPTION:Auditor: Sam Rivera\\nGate Code: 4711\\nNotes: side door\\nbring the ladder',
      'END:VEVENT',
    );
    const before = leadsOf(ics)[0]!;
    expect(before.comments).toBe('side door\nGate Code: 4711\nbring the ladder');
    const after = edited(ics, { comments: 'back door\nGate Code: 4711\nbring the ladder' });
    expect(String(property(after, 'description')!.getFirstValue())).toBe(
      'Auditor: Sam Rivera\nGate Code: 4711\nNotes: back door\nbring the ladder',
    );
    expect(leadsOf(after)[0]!.comments).toBe('back door\nGate Code: 4711\nbring the ladder');
  });

  it('edits an instance’s existing override and leaves the series and the other overrides alone', () => {
    const ics = calendar(
      'BEGIN:VEVENT',
      'UID:series@test',
      'DTSTART:20250304T150000Z',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'SUMMARY:Weekly',
      'DESCRIPTION:Phone: 1',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:series@test',
      'RECURRENCE-ID:20250311T150000Z',
      'DTSTART:20250312T150000Z',
      'SUMMARY:Weekly (moved)',
      'DESCRIPTION:Phone: 2',
      'END:VEVENT',
    );
    const after = edited(ics, { phoneNumber: '3' }, '20250311T150000Z');
    const phones = leadsOf(after).map((lead) => [lead.leadId, lead.scheduledDate, lead.phoneNumber]);
    expect(phones).toEqual([
      ['series@test_20250304T150000Z', '2025-03-04T15:00:00.000Z', '1'],
      ['series@test_20250311T150000Z', '2025-03-12T15:00:00.000Z', '3'],
      ['series@test_20250318T150000Z', '2025-03-18T15:00:00.000Z', '1'],
      ['series@test_20250325T150000Z', '2025-03-25T15:00:00.000Z', '1'],
    ]);
    expect(after.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });
});
