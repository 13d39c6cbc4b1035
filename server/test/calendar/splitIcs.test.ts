import { eventUid, IcsSplitter, type EventBlock } from '../../src/features/calendar/ics/splitIcs';

type CutEvent = EventBlock & { uid: string | null };

/** A whole text split at once, each event with its UID. */
function splitIcs(text: string): { skeleton: string; events: CutEvent[] } {
  const events: CutEvent[] = [];
  const kept: string[] = [];
  const splitter = new IcsSplitter({
    skeleton: (piece) => kept.push(piece),
    event: (block, blockText) => events.push({ ...block, uid: eventUid(blockText) }),
  });
  splitter.push(text);
  splitter.end();
  return { skeleton: kept.join(''), events };
}

const crlf = (...lines: string[]) => lines.join('\r\n') + '\r\n';

describe('splitIcs', () => {
  it('cuts each event out, with its calendar and its unfolded UID, and keeps the rest', () => {
    const text = crlf(
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:040000008200E00074C5B7101A82E0080000000',
      ' 0D0C1A6E5B0D9013B2@example.com',
      'SUMMARY:folded',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID;X-NOTE="a:b":plain',
      'END:VEVENT',
      'END:VCALENDAR',
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'SUMMARY:no uid',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    const { skeleton, events } = splitIcs(text);
    expect(skeleton).toBe(
      crlf(
        'BEGIN:VCALENDAR',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Berlin',
        'END:VTIMEZONE',
        'END:VCALENDAR',
        'BEGIN:VCALENDAR',
        'END:VCALENDAR',
      ),
    );
    expect(events.map(({ calendar, uid }) => ({ calendar, uid }))).toEqual([
      { calendar: 0, uid: '040000008200E00074C5B7101A82E00800000000D0C1A6E5B0D9013B2@example.com' },
      { calendar: 0, uid: 'plain' },
      { calendar: 1, uid: null },
    ]);
    expect(text.slice(events[1]!.start, events[1]!.end)).toBe(
      crlf('BEGIN:VEVENT', 'UID;X-NOTE="a:b":plain', 'END:VEVENT'),
    );
  });

  it('reads LF-only and lower-case files the same way', () => {
    const text = 'begin:vcalendar\nbegin:vevent\nuid:one\nend:vevent\nend:vcalendar\n';
    const { skeleton, events } = splitIcs(text);
    expect(skeleton).toBe('begin:vcalendar\nend:vcalendar\n');
    expect(events).toEqual([{ calendar: 0, start: 16, end: 48, uid: 'one' }]);
  });

  it('leaves an unclosed event, one holding another, or one outside a calendar in the skeleton', () => {
    const unclosed = crlf('BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:x');
    expect(splitIcs(unclosed)).toEqual({ skeleton: unclosed, events: [] });

    const nested = crlf(
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    expect(splitIcs(nested)).toEqual({ skeleton: nested, events: [] });

    const outside = crlf('BEGIN:VEVENT', 'UID:y', 'END:VEVENT');
    expect(splitIcs(outside)).toEqual({ skeleton: outside, events: [] });
  });

  it("takes the event's own UID, not its alarm's, and unescapes it as the parser does", () => {
    const text = crlf(
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'BEGIN:VALARM',
      'UID:alarm-1',
      'END:VALARM',
      'UID:a\\,b\\;c',
      'END:VEVENT',
      'END:VCALENDAR',
    );
    expect(splitIcs(text).events.map((event) => event.uid)).toEqual(['a,b;c']);
  });

  it('cuts out only events inside a calendar, counting calendars only', () => {
    const text = crlf(
      'BEGIN:VEVENT',
      'UID:stray',
      'END:VEVENT',
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:first',
      'END:VEVENT',
      'END:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:between',
      'END:VEVENT',
      'BEGIN:VEVENT ',
      'UID:trailing-space',
      'END:VEVENT ',
    );
    const { skeleton, events } = splitIcs(text);
    expect(events.map(({ calendar, uid }) => ({ calendar, uid }))).toEqual([{ calendar: 0, uid: 'first' }]);
    expect(skeleton).toContain('UID:stray');
    expect(skeleton).toContain('UID:between');
    expect(skeleton).toContain('UID:trailing-space');
  });

  it('cuts the same events and skeleton from a text handed in pieces of any length', () => {
    const text = crlf(
      'BEGIN:VEVENT',
      'UID:stray',
      'END:VEVENT',
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:first',
      ' -folded',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:unclosed',
      'END:VCALENDAR',
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:second',
      'END:VEVENT',
      'END:VCALENDAR',
    ).replace(/\r\n$/, '');
    const whole = splitIcs(text);
    expect(whole.events.map((event) => event.uid)).toEqual(['first-folded', 'second']);
    for (let size = 1; size <= text.length; size += 1) {
      const skeleton: string[] = [];
      const events: CutEvent[] = [];
      const splitter = new IcsSplitter({
        skeleton: (piece) => skeleton.push(piece),
        event: (block, blockText) => {
          expect(blockText).toBe(text.slice(block.start, block.end));
          events.push({ ...block, uid: eventUid(blockText) });
        },
      });
      for (let at = 0; at < text.length; at += size) splitter.push(text.slice(at, at + size));
      splitter.end();
      expect({ skeleton: skeleton.join(''), events }).toEqual(whole);
    }
  });
});
