import type { CalendarEvent } from '../../src/features/calendar/calendarEvent';
import {
  createParsedEventsMemo,
  parseAndHash,
} from '../../src/features/sync/engine/runLeads/parsedEventsMemo';

const AUDITORS = ['Sam Rivera', 'Alex Chen'];

const event = (leadId: string, changes: Partial<CalendarEvent> = {}): CalendarEvent => ({
  leadId,
  summary: `Customer ${leadId}`,
  description: 'Auditor: sam rivera\nPhone: 555-0100',
  url: '',
  location: '1 Main St',
  start: new Date('2026-03-04T14:00:00Z'),
  end: new Date('2026-03-04T15:00:00Z'),
  allDay: false,
  cancelled: false,
  ...changes,
});

/** One run over `events`: the leads it made. */
const run = (memo: ReturnType<typeof createParsedEventsMemo>, events: CalendarEvent[], auditors = AUDITORS) =>
  events.map(memo.begin(auditors));

describe('the leads the last run made of its events', () => {
  it('gives the same lead for an event equal to the last run’s, and parses a changed one', () => {
    const memo = createParsedEventsMemo();
    const [a, b] = run(memo, [event('a'), event('b')]);
    // a copy as the reader thread hands it: new objects, equal fields
    const [again, changed] = run(memo, [event('a'), event('b', { start: new Date('2026-03-04T14:30:00Z') })]);
    expect(again).toBe(a);
    expect(changed).not.toBe(b);
    expect(changed).toEqual(parseAndHash(event('b', { start: new Date('2026-03-04T14:30:00Z') }), AUDITORS));
    expect(changed!.contentHash).not.toBe(b!.contentHash);
  });

  it.each<[string, Partial<CalendarEvent>]>([
    ['its text', { description: 'Auditor: alex\nPhone: 555-0100' }],
    ['its end', { end: null }],
    ['being cancelled', { cancelled: true }],
    ['being all day', { allDay: true }],
    ['its place in the calendar (ETag)', { ref: { id: '/cal/a.ics', etag: '"2"', instance: null } }],
  ])('parses an event again when only %s changed', (_what, changes) => {
    const memo = createParsedEventsMemo();
    run(memo, [event('a', { ref: { id: '/cal/a.ics', etag: '"1"', instance: null } })]);
    const [lead] = run(memo, [
      event('a', { ref: { id: '/cal/a.ics', etag: '"1"', instance: null }, ...changes }),
    ]);
    expect(lead).toEqual(
      parseAndHash(
        event('a', { ref: { id: '/cal/a.ics', etag: '"1"', instance: null }, ...changes }),
        AUDITORS,
      ),
    );
  });

  it('parses every event again when the auditors changed', () => {
    const memo = createParsedEventsMemo();
    const [before] = run(memo, [event('a')]);
    expect(before!.auditor).toBe('Sam Rivera');
    const [after] = run(memo, [event('a')], ['Alex Chen']);
    expect(after!.auditor).not.toBe('Sam Rivera');
    expect(after).toEqual(parseAndHash(event('a'), ['Alex Chen']));
  });

  it('keeps only the last run’s events', () => {
    const memo = createParsedEventsMemo();
    const [a] = run(memo, [event('a')]);
    run(memo, [event('b')]);
    expect(run(memo, [event('a')])[0]).not.toBe(a);
  });

  it('keeps nothing of a run larger than its limit', () => {
    const memo = createParsedEventsMemo(2);
    const first = run(memo, [event('a'), event('b'), event('c')]);
    const second = run(memo, [event('a'), event('b'), event('c')]);
    second.forEach((lead, index) => {
      expect(lead).not.toBe(first[index]);
      expect(lead).toEqual(first[index]);
    });
    // a run within the limit is kept again
    const small = run(memo, [event('a')]);
    expect(run(memo, [event('a')])[0]).toBe(small[0]);
  });
});
