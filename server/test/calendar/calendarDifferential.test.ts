import { rangeBounds } from '../../src/features/calendar/calendarEvent';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import { readIcsEvents } from '../../src/features/calendar/ics/readIcsEvents';
import { icsFixture, icsFixtureNames } from '../../testkit/ics/icsFixtures';
import { icsCase, icsCaseNames } from '../../testkit/ics/icsCases';
import { readIndependently } from '../../testkit/ics/independentIcs/independentReader';

const RANGE = { startDate: '1995-01-01', endDate: '2035-12-31' };
const ZONE = 'America/New_York';
const WHOLE_FILES = { ...DEFAULT_CALENDAR_LIMITS, occurrencesPerSeries: 1_000_000 };

/**
 * Where the other reading differs and why, each checked as it stands so a change shows. The
 * other implementation is a plain RFC 5545 reading; the sync is stricter where a file is
 * broken in a way that could lose data.
 */
const KNOWN_DIFFERENCES: Record<string, { reason: string; ours: RegExp; theirs: string[] }> = {
  'pyicalendar_truncated_MALFORMED.ics': {
    reason:
      'The file ends inside a VEVENT (RFC 5545 §3.4: a VCALENDAR ends with END:VCALENDAR). The sync refuses ' +
      'the whole file, so a download cut short can never delete the leads it no longer lists; the other ' +
      'reader keeps what it could read (nothing complete here).',
    ours: /^unreadable: The calendar file could not be read: .*did not end/,
    theirs: [],
  },
};

const files = [
  ...icsFixtureNames().map((name) => ({ name, text: () => icsFixture(name) })),
  ...icsCaseNames().map((name) => ({ name: `ics-cases/${name}`, text: () => icsCase(name) })),
];

// Every calendar in ../shared/fixtures/ics and server/test/fixtures/ics-cases is read twice,
// by the sync and by a reader that shares no code with it or with ical.js; a new fixture is
// compared for free. Compared: (leadId, start in UTC, cancelled), over forty years.
describe('the sync reads every calendar as an independent implementation does', () => {
  it.each(files.map((file) => [file.name, file] as const))('%s', (_name, file) => {
    const text = file.text();
    let ours: string[];
    try {
      ours = readIcsEvents(text, RANGE, ZONE, WHOLE_FILES)
        .events.filter((event) => !event.leadId.startsWith('no-uid-'))
        .map((event) => `${event.leadId} ${event.start.toISOString()} ${event.cancelled}`)
        .sort();
    } catch (error) {
      ours = [`unreadable: ${(error as Error).message}`];
    }
    let theirs: string[];
    try {
      theirs = readIndependently(text, rangeBounds(RANGE), ZONE)
        .map((event) => `${event.leadId} ${event.start} ${event.cancelled}`)
        .sort();
    } catch (error) {
      theirs = [`unreadable: ${(error as Error).message}`];
    }
    const known = KNOWN_DIFFERENCES[file.name];
    if (known) {
      expect(ours.join('\n')).toMatch(known.ours);
      expect(theirs).toEqual(known.theirs);
    } else expect(ours).toEqual(theirs);
  });
});
