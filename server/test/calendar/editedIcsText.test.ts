import { leadText } from '@auditdesk/shared/core';
import fc from 'fast-check';
import { editIcsEvent } from '../../src/features/calendar/ics/editIcsEvent';
import {
  descriptionAfter,
  eventEditOf,
  summaryAfter,
  type OfficeChanges,
} from '../../src/features/calendar/eventFormat/eventEdit';
import { icsText } from '../../src/platform/ics/icsText';
import type { IcsNode } from '../../testkit/ics/vobjectReader';
import { startVobjectReader, type VobjectReader } from '../../testkit/ics/vobjectReader';
import { hostileText, icalJsTree, namesOf, readEverywhere, valueOf } from '../../testkit/ics/icsReaders';

// Issue 35, item 5: what write-back PUTs to a CalDAV server is an event of the calendar with the
// office's values in it (editIcsEvent). Whatever those values hold, the object reads back — with
// ical.js and with vobject, which Radicale parses every PUT with — as the same components with
// the same properties (SUMMARY, LOCATION or DESCRIPTION at most added, as the edit asks), and
// each text exactly as the edit wrote it. Google and Graph take the same texts as JSON fields;
// their DESCRIPTION lines come from the same descriptionAfter, whose one-line values are checked too.

const ZONE = 'America/New_York';
const CRLF = '\r\n';
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Auditdesk tests//EN', ...lines, 'END:VCALENDAR', ''].join(
    CRLF,
  );

const SINGLE = calendar(
  'BEGIN:VEVENT',
  'UID:single-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T140000Z',
  'DTEND:20250304T153000Z',
  'SUMMARY:Jane Doe',
  'LOCATION:12 Elm St\\, Boston',
  'DESCRIPTION:Auditor: Sam Rivera\\nHouse Type: 2 Family\\nPhone: (617) 555-0142\\nGate Code:  4711 \\nbring the ladder',
  'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:Reminder',
  'TRIGGER:-PT15M',
  'END:VALARM',
  'END:VEVENT',
);
/** A bare event: the edit adds its LOCATION and DESCRIPTION. */
const BARE = calendar(
  'BEGIN:VEVENT',
  'UID:bare-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T140000Z',
  'SUMMARY:Jane Doe',
  'END:VEVENT',
);
const SERIES = calendar(
  'BEGIN:VEVENT',
  'UID:series-1@example.com',
  'DTSTAMP:20250201T120000Z',
  'DTSTART:20250304T150000Z',
  'DTEND:20250304T160000Z',
  'RRULE:FREQ=WEEKLY;COUNT=4',
  'SUMMARY:Weekly Customer',
  'DESCRIPTION:Auditor: Alex Chen\\nPhone: (617) 555-0300',
  'END:VEVENT',
);
const OBJECTS: [string, string, string | null][] = [
  ['one event', SINGLE, null],
  ['an event without location or description', BARE, null],
  ['one instance of a series (a new override)', SERIES, '20250311T150000Z'],
];
/** What an edit may add to an event; every other property it keeps (or removes, for an empty text). */
const WRITTEN = ['SUMMARY', 'LOCATION', 'DESCRIPTION', 'STATUS', 'DTEND', 'RECURRENCE-ID'];

const changesOf = (text: fc.Arbitrary<string>, comments: fc.Arbitrary<string>) =>
  fc.record(
    {
      customerName: text,
      address: text,
      phoneNumber: text,
      auditor: text,
      scheduledBy: text,
      referredBy: text,
      status: text,
      comments,
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<OfficeChanges>;

/** Text the lead contract takes, as it takes it. */
const contractText = (newlines: boolean) =>
  hostileText
    .map((value) => leadText(4000, { newlines }).safeParse(value))
    .filter((parsed) => parsed.success)
    .map((parsed) => parsed.data!);

const eventsOf = (tree: IcsNode[]) => tree[0]!.components.filter((node) => node.name === 'VEVENT');

describe('an event with the office’s values written in, whatever they hold', () => {
  let vobject: VobjectReader;
  beforeAll(() => {
    vobject = startVobjectReader();
  });
  afterAll(() => vobject.stop());

  /** The edited object: the same structure, and the written texts exactly as the edit meant them. */
  async function expectEdited(ics: string, instance: string | null, changes: OfficeChanges) {
    const before = icalJsTree(ics);
    const target = eventsOf(before).at(instance ? -1 : 0)!;
    const edit = eventEditOf(changes);
    const meant = {
      SUMMARY: icsText(summaryAfter(valueOf(target, 'SUMMARY') ?? '', edit, false)),
      DESCRIPTION: icsText(descriptionAfter(valueOf(target, 'DESCRIPTION') ?? '', edit)),
      LOCATION: icsText(edit.address ?? valueOf(target, 'LOCATION') ?? ''),
    };
    const after = editIcsEvent(ics, instance, edit, ZONE);
    for (const { reader, tree } of await readEverywhere(after, vobject)) {
      expect({ reader, calendars: tree.length, properties: namesOf(tree[0]!) }).toEqual({
        reader,
        calendars: 1,
        properties: namesOf(before[0]!),
      });
      const events = eventsOf(tree);
      expect({ reader, events: events.length, others: tree[0]!.components.length - events.length }).toEqual({
        reader,
        events: eventsOf(before).length + (instance ? 1 : 0),
        others: before[0]!.components.length - eventsOf(before).length,
      });
      const edited = instance ? events.at(-1)! : events[0]!;
      const kept = namesOf(target);
      expect({
        reader,
        added: namesOf(edited).filter((name) => !kept.includes(name) && !WRITTEN.includes(name)),
      }).toEqual({ reader, added: [] });
      expect({
        reader,
        twice: namesOf(edited).filter((name, index, all) => all.indexOf(name) !== index),
      }).toEqual({ reader, twice: [] });
      expect({ reader, alarms: edited.components.map((node) => [node.name, namesOf(node)]) }).toEqual({
        reader,
        alarms: target.components.map((node) => [node.name, namesOf(node)]),
      });
      expect({
        reader,
        SUMMARY: valueOf(edited, 'SUMMARY') ?? '',
        DESCRIPTION: valueOf(edited, 'DESCRIPTION') ?? '',
        LOCATION: valueOf(edited, 'LOCATION') ?? '',
      }).toEqual({ reader, ...meant });
      // the DESCRIPTION's `Key: Value` lines: each value stays on its own line
      for (const [field, key] of [
        ['phoneNumber', 'Phone'],
        ['scheduledBy', 'Scheduled By'],
        ['referredBy', 'Referred By'],
      ] as const) {
        const value = edit.lines[field];
        if (value === undefined) continue;
        const lines = (valueOf(edited, 'DESCRIPTION') ?? '').split('\n');
        const line = lines.find((text) => text.startsWith(`${key}:`));
        if (icsText(value).trim())
          expect({ reader, line }).toEqual({
            reader,
            line: `${key}: ${icsText(value)
              .replace(/\s*\n\s*/g, ' ')
              .trim()}`,
          });
      }
    }
    return after;
  }

  it.each(OBJECTS)('any text in %s: no property or component is added', async (_name, ics, instance) => {
    await fc.assert(
      fc.asyncProperty(changesOf(hostileText, hostileText), (changes) =>
        expectEdited(ics, instance, changes).then(() => undefined),
      ),
      { numRuns: 120 },
    );
  });

  it.each(OBJECTS)('text the contract takes reads back exactly in %s', async (_name, ics, instance) => {
    await fc.assert(
      fc.asyncProperty(changesOf(contractText(false), contractText(true)), async (changes) => {
        const after = await expectEdited(ics, instance, changes);
        const events = eventsOf(await vobject.read(after));
        const edited = instance ? events.at(-1)! : events[0]!;
        if (changes.customerName) expect(valueOf(edited, 'SUMMARY')).toBe(changes.customerName);
        if (changes.address) expect(valueOf(edited, 'LOCATION')).toBe(changes.address);
        if (changes.phoneNumber)
          expect((valueOf(edited, 'DESCRIPTION') ?? '').split('\n')).toContain(
            `Phone: ${changes.phoneNumber}`,
          );
      }),
      { numRuns: 120 },
    );
  });

  it('keeps the issue’s attacks inside their values', async () => {
    const after = await expectEdited(SINGLE, null, {
      customerName: 'Wyn Bale\rRRULE:FREQ=DAILY',
      scheduledBy: 'Ops\rRRULE:FREQ=MINUTELY',
      address: '14 Oak St\rATTENDEE:mailto:mallory@evil.example',
      comments: 'x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:second',
    });
    expect(after).not.toMatch(/^(RRULE|ATTENDEE|UID:second)/m);
  });
});
