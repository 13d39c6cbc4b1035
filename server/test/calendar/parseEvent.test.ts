import { blankRecord } from '../../testkit/builders/leads';
import type { CalendarEvent } from '../../src/features/calendar/calendarEvent';
import { htmlToText } from '../../src/features/calendar/eventFormat/htmlToText';
import {
  normalizeFuel,
  normalizeHouseType,
  normalizeProvider,
} from '../../src/features/leads/record/normalizers';
import { parseEvent } from '../../src/features/calendar/eventFormat/parseEvent';
import { weekOfMonth } from '../../src/features/leads/record/weekOfMonth';

const AUDITORS = ['Sam Rivera', 'Alex Chen'];

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    leadId: 'uid-1',
    summary: 'Jane Doe',
    description: 'Auditor: Sam Rivera\nHouse Type: Single Family',
    url: '',
    location: '',
    start: new Date('2025-03-04T14:00:00.000Z'),
    end: null,
    allDay: false,
    cancelled: false,
    ...overrides,
  };
}

describe('parseEvent: links', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>x</script>',
    'vbscript:msgbox',
    'ftp://files.example.com/x',
  ])('keeps only http(s) links: %s becomes no link', (url) => {
    expect(parseEvent(event({ url }), AUDITORS).linkId).toBe('');
  });
  it('keeps an http(s) link as it is', () => {
    expect(parseEvent(event({ url: 'http://cal.example.com/e/1' }), AUDITORS).linkId).toBe(
      'http://cal.example.com/e/1',
    );
  });
});

describe('parseEvent: the example of event-format.md', () => {
  it('reads every field', () => {
    const lead = parseEvent(
      event({
        leadId: '7f3c1a90-audit@example.com',
        url: 'https://calendar.example.com/event/7f3c1a90',
        end: new Date('2025-03-04T15:30:00.000Z'), // DTEND;TZID=America/New_York:20250304T103000
        location: '12 Elm St, Boston, MA 02118',
        description:
          'Auditor: Sam Rivera\nHouse Type: 2 Family\nPhone: (617) 555-0142\nFuel: Natural gas\nProvider: National Grid\nReferred By: Tom Lee\nScheduled By: Maria\nNotes: side door',
      }),
      AUDITORS,
    );
    expect(lead).toEqual({
      // a field the example does not name is empty
      ...blankRecord(),
      leadId: '7f3c1a90-audit@example.com',
      linkId: 'https://calendar.example.com/event/7f3c1a90',
      customerName: 'Jane Doe',
      address: '12 Elm St, Boston, MA 02118',
      scheduledDate: '2025-03-04T14:00:00.000Z',
      endDate: '2025-03-04T15:30:00.000Z',
      week: 2,
      auditor: 'Sam Rivera',
      houseType: '2 Family',
      phoneNumber: '(617) 555-0142',
      heatingFuel: 'Gas',
      provider: 'National Grid',
      referredBy: 'Tom Lee',
      scheduledBy: 'Maria',
      status: 'Scheduled',
      email: '',
      comments: 'side door',
      isFormatted: true,
    });
  });
});

describe('parseEvent: description keys', () => {
  const field = (description: string) => parseEvent(event({ description }), AUDITORS);

  it.each([
    ['House Type: 3', 'houseType', '3 Family'],
    ['Family Type: two family', 'houseType', '2 Family'],
    ['Units: 4+', 'houseType', '4 Family'],
    ['Phone Number: 555', 'phoneNumber', '555'],
    ['Tel: 555', 'phoneNumber', '555'],
    ['Heating Fuel: heating oil', 'heatingFuel', 'Oil'],
    ['Fuel: electric', 'heatingFuel', 'Electricity'],
    ['Utility: ngrid', 'provider', 'National Grid'],
    ['Provider: Eversource Energy', 'provider', 'EverSource'],
    ['Referral: Ann', 'referredBy', 'Ann'],
    ['Referrer: Ann', 'referredBy', 'Ann'],
    ['Booked By: Maria', 'scheduledBy', 'Maria'],
    ['Email: jane@example.com', 'email', 'jane@example.com'],
    ['Comments: call first', 'comments', 'call first'],
    ['Notes: call first', 'comments', 'call first'],
  ] as const)('%s → %s', (line, key, value) => {
    expect(field(`Auditor: Sam Rivera\n${line}`)[key]).toBe(value);
  });

  it('matches keys without case, spaces, dashes or underscores', () => {
    const lead = field(
      'AUDITOR: Sam Rivera\nhouse_type: sf\nPHONE-NUMBER: 1\nreferred-by: X\n  scheduled_by  :  Y  ',
    );
    expect(lead).toMatchObject({
      auditor: 'Sam Rivera',
      houseType: 'Single Family',
      phoneNumber: '1',
      referredBy: 'X',
      scheduledBy: 'Y',
    });
  });

  it('keeps unknown keys and loose lines in comments', () => {
    const lead = field('Auditor: Sam Rivera\nNotes: side door\nGate Code: 1234\nbring ladder');
    expect(lead.comments).toBe('side door\nGate Code: 1234\nbring ladder');
  });

  it('stores the auditor in the configured spelling, other auditors as written', () => {
    expect(field('Auditor: sam RIVERA').auditor).toBe('Sam Rivera');
    expect(field('Auditor: Pat Third').auditor).toBe('Pat Third');
  });

  it('keeps other fuel and provider text as written', () => {
    expect(field('Fuel: Wood pellets').heatingFuel).toBe('Wood pellets');
    expect(field('Provider: Unitil').provider).toBe('Unitil');
  });

  it('trims values and ignores blank lines', () => {
    expect(field('\n\n   Auditor:    Alex Chen   \n\n').auditor).toBe('Alex Chen');
  });
});

describe('parseEvent: customer name and status', () => {
  it.each([
    ['Cancelled: Jane Doe', 'Jane Doe'],
    ['Canceled - Jane Doe', 'Jane Doe'],
    ['[Cancelled] Jane Doe', 'Jane Doe'],
    ['CANCELLED Jane Doe', 'Jane Doe'],
    ['cancelled:Jane Doe', 'Jane Doe'],
  ])('%s is a cancelled lead for %s', (summary, name) => {
    const lead = parseEvent(event({ summary }), AUDITORS);
    expect(lead).toMatchObject({ status: 'Cancelled', customerName: name });
  });

  it('does not read a name that merely starts with the letters as a marker', () => {
    expect(parseEvent(event({ summary: 'Cancellara Family' }), AUDITORS)).toMatchObject({
      status: 'Scheduled',
      customerName: 'Cancellara Family',
    });
  });

  it('a cancelled event is Cancelled whatever its Status line says', () => {
    expect(parseEvent(event({ cancelled: true, description: 'Status: Completed' }), AUDITORS).status).toBe(
      'Cancelled',
    );
  });

  it('takes the Status line with each word capitalized, else Scheduled', () => {
    expect(parseEvent(event({ description: 'Status: completed' }), AUDITORS).status).toBe('Completed');
    expect(parseEvent(event({ description: 'Status: no SHOW' }), AUDITORS).status).toBe('No Show');
    expect(parseEvent(event({ description: '' }), AUDITORS).status).toBe('Scheduled');
  });

  it('falls back to the Email line for the customer name', () => {
    expect(
      parseEvent(event({ summary: '  ', description: 'Email: jane@example.com' }), AUDITORS).customerName,
    ).toBe('jane@example.com');
  });
});

describe('parseEvent: formatted or not', () => {
  it.each([
    ['all three present', 'Jane', 'Auditor: Sam Rivera\nHouse Type: 2', true],
    ['no customer name', '', 'Auditor: Sam Rivera\nHouse Type: 2', false],
    ['no Auditor line', 'Jane', 'House Type: 2', false],
    ['an unknown house type', 'Jane', 'Auditor: Sam Rivera\nHouse Type: mansion', false],
  ])('%s → %p', (_case, summary, description, formatted) => {
    const lead = parseEvent(event({ summary, description }), AUDITORS);
    expect(lead.isFormatted).toBe(formatted);
  });

  it('keeps what it could read of an unformatted event', () => {
    const lead = parseEvent(
      event({ summary: 'Call Bob', description: 'House Type: mansion\nPhone: 555' }),
      AUDITORS,
    );
    expect(lead).toMatchObject({
      isFormatted: false,
      customerName: 'Call Bob',
      houseType: 'mansion',
      phoneNumber: '555',
    });
  });
});

describe('normalizers', () => {
  it.each([
    ['single', 'Single Family'],
    ['1 family', 'Single Family'],
    ['1', 'Single Family'],
    ['SF', 'Single Family'],
    ['Single Family', 'Single Family'],
    ['two family', '2 Family'],
    ['2', '2 Family'],
    ['2-family', '2 Family'],
    ['three family', '3 Family'],
    ['3', '3 Family'],
    ['four family', '4 Family'],
    ['4', '4 Family'],
    ['4+', '4 Family'],
    ['four+', '4 Family'],
    ['condo', null],
  ])('house type %s → %p', (value, expected) => expect(normalizeHouseType(value)).toBe(expected));

  it.each([
    ['gas', 'Gas'],
    ['natural gas', 'Gas'],
    ['OIL', 'Oil'],
    ['heating oil', 'Oil'],
    ['propane', 'Propane'],
    ['electric', 'Electricity'],
    ['electricity', 'Electricity'],
  ])('fuel %s → %s', (value, expected) => expect(normalizeFuel(value)).toBe(expected));

  it.each([
    ['national grid', 'National Grid'],
    ['ngrid', 'National Grid'],
    ['NG', 'National Grid'],
    ['eversource', 'EverSource'],
    ['eversource energy', 'EverSource'],
  ])('provider %s → %s', (value, expected) => expect(normalizeProvider(value)).toBe(expected));
});

describe('weekOfMonth', () => {
  it.each([
    ['2025-03-01', 1], // Saturday the 1st
    ['2025-03-02', 1], // Sunday: still week 1
    ['2025-03-03', 2], // Monday starts week 2
    ['2025-03-31', 6],
    ['2024-09-01', 1], // Sunday the 1st
    ['2024-09-02', 2],
    ['2025-09-01', 1], // Monday the 1st
    ['2025-09-07', 1],
    ['2025-09-08', 2],
  ])('%s is week %i', (day, week) => expect(weekOfMonth(new Date(`${day}T12:00:00Z`))).toBe(week));

  it('uses the UTC calendar day', () => {
    expect(weekOfMonth(new Date('2025-03-03T02:00:00Z'))).toBe(2); // still Sunday evening in Boston
  });
});

describe('htmlToText', () => {
  it('turns code points that cannot be characters into U+FFFD instead of throwing', () => {
    expect(htmlToText('Auditor: Sam&#99999999;<br>Phone: &#0;1&#xD800;2&#x110000;')).toBe(
      'Auditor: Sam\uFFFD\nPhone: \uFFFD1\uFFFD2\uFFFD',
    );
  });

  it('decodes named entities, a non-breaking space as a space', () => {
    expect(htmlToText('Smith&nbsp;&amp;&nbsp;Sons &eacute; &unknown;')).toBe('Smith & Sons é &unknown;');
  });

  it('turns Google Calendar HTML into lines', () => {
    expect(
      htmlToText('Auditor: <b>Sam Rivera</b><br>House Type: 2 Family<br/>Notes: Smith &amp; Sons &lt;ok&gt;'),
    ).toBe('Auditor: Sam Rivera\nHouse Type: 2 Family\nNotes: Smith & Sons <ok>');
  });

  it('leaves plain text alone', () => {
    expect(htmlToText('Auditor: Sam Rivera\nHouse Type: 2')).toBe('Auditor: Sam Rivera\nHouse Type: 2');
  });
});
