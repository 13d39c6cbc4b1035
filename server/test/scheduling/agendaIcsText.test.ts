import { leadText, type AgendaVisit } from '@auditdesk/shared/core';
import fc from 'fast-check';
import { agendaCalendar, visitDescription } from '../../src/features/scheduling/agenda/agendaCalendar';
import { icsText } from '../../src/platform/ics/icsText';
import { hostileText, namesOf, readEverywhere, valueOf } from '../../testkit/ics/icsReaders';
import { startVobjectReader, type VobjectReader } from '../../testkit/ics/vobjectReader';

// Issue 35, item 6: the agenda's .ics file and its feeds (one writer) escape every text per
// RFC 5545. Whatever a lead or an auditor's name holds, the file reads back — with ical.js and
// with vobject, Radicale's reader — as one calendar of its own properties and one event per
// visit, each with its own properties only and exactly the text it was given.

const VISIT: AgendaVisit = {
  id: 7,
  leadId: 'lead-7',
  customerName: 'Jane Doe',
  address: '12 Elm St',
  phoneNumber: '(617) 555-0142',
  houseType: 'Single Family',
  heatingFuel: 'Gas',
  provider: 'National Grid',
  status: 'Scheduled',
  comments: '',
  scheduledDate: '2025-03-03T14:00:00.000Z',
  endDate: '2025-03-03T15:30:00.000Z',
  allDay: false,
  day: '2025-03-03',
};
const CALENDAR_PROPERTIES = ['CALSCALE', 'PRODID', 'VERSION', 'X-WR-CALNAME'];
const EVENT_PROPERTIES = ['DESCRIPTION', 'DTEND', 'DTSTAMP', 'DTSTART', 'LOCATION', 'SUMMARY', 'UID'];

const calendarOf = (auditor: string, visits: AgendaVisit[]) =>
  agendaCalendar({ auditor, timeZone: 'UTC', from: '2025-03-03', to: '2025-03-03', visits, cancelled: 0 });

const texts = (text: fc.Arbitrary<string>) =>
  fc.record({
    customerName: text,
    address: text,
    phoneNumber: text,
    provider: text,
    status: text,
    comments: text,
  });

/** Text the lead contract takes (what the agenda holds once every door has checked it). */
const contractText = (newlines: boolean) =>
  hostileText
    .map((value) => leadText(4000, { newlines }).safeParse(value))
    .filter((parsed) => parsed.success)
    .map((parsed) => parsed.data!);

describe('the agenda as iCalendar, whatever the texts hold', () => {
  let vobject: VobjectReader;
  beforeAll(() => {
    vobject = startVobjectReader();
  });
  afterAll(() => vobject.stop());

  /** One calendar of its own properties holding one event per visit, each text as expected. */
  async function expectCalendar(auditor: string, visits: AgendaVisit[], text: (value: string) => string) {
    const ics = calendarOf(auditor, visits);
    for (const { reader, tree } of await readEverywhere(ics, vobject)) {
      const [calendar, ...others] = tree;
      expect({ reader, others, calendar: namesOf(calendar!).sort() }).toEqual({
        reader,
        others: [],
        calendar: CALENDAR_PROPERTIES,
      });
      expect(valueOf(calendar!, 'X-WR-CALNAME')).toBe(text(`${auditor} · 2025-03-03 – 2025-03-03`));
      expect(calendar!.components.map((event) => event.name)).toEqual(visits.map(() => 'VEVENT'));
      calendar!.components.forEach((event, index) => {
        const visit = visits[index]!;
        const expected = {
          SUMMARY: text(visit.customerName) || undefined,
          LOCATION: text(visit.address) || undefined,
          DESCRIPTION: text(visitDescription(visit)) || undefined,
        };
        expect({ reader, components: event.components, names: [...new Set(namesOf(event))].sort() }).toEqual({
          reader,
          components: [],
          names: namesOf(event).sort(),
        });
        expect(namesOf(event).filter((name) => !EVENT_PROPERTIES.includes(name))).toEqual([]);
        expect({
          reader,
          SUMMARY: valueOf(event, 'SUMMARY') || undefined,
          LOCATION: valueOf(event, 'LOCATION') || undefined,
          DESCRIPTION: valueOf(event, 'DESCRIPTION') || undefined,
        }).toEqual({ reader, ...expected });
        expect(valueOf(event, 'UID')).toBe(`lead-${visit.id}@auditdesk`);
      });
    }
  }

  it('any text at all: no property or component is added; each text reads back as iCalendar can carry it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(texts(hostileText), { minLength: 1, maxLength: 2 }),
        hostileText,
        (all, auditor) =>
          expectCalendar(
            auditor,
            all.map((visit, index) => ({ ...VISIT, id: index + 1, ...visit })),
            icsText,
          ),
      ),
      { numRuns: 150 },
    );
  });

  it('text the contract takes reads back exactly as it was written', async () => {
    await fc.assert(
      fc.asyncProperty(
        texts(contractText(false)),
        contractText(true),
        contractText(false),
        (visit, comments, auditor) =>
          expectCalendar(auditor, [{ ...VISIT, ...visit, comments }], (value) => value),
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the issue’s own attacks inside their texts', async () => {
    await expectCalendar(
      'Sam\r\nBEGIN:VEVENT\r\nSUMMARY:injected\r\nEND:VEVENT',
      [
        {
          ...VISIT,
          customerName: 'Wyn Bale\rRRULE:FREQ=DAILY',
          address: '14 Oak St\rATTENDEE:mailto:mallory@evil.example',
          comments: 'a\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:x',
        },
      ],
      icsText,
    );
  });
});
