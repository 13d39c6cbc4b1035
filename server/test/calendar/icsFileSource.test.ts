import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CalendarEvent } from '../../src/features/calendar/calendarEvent';
import { createIcsCalendarSource } from '../../src/features/calendar/ics/icsCalendarSource';
import { closeIcsReaders } from '../../src/features/calendar/ics/offThread/readIcsOffThread';
import { CalendarFileError } from '../../src/features/calendar/ics/readIcsEvents';
import { icsCalendar, manyEvents } from '../../testkit/builders/icsBuilder';

const RANGE = { startDate: '2025-03-01', endDate: '2025-03-31' };
const ZONE = 'America/New_York';
const calendar = (...uids: string[]) =>
  [
    '\uFEFFBEGIN:VCALENDAR',
    'VERSION:2.0',
    ...uids.flatMap((uid, index) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTART:202503${String(index + 1).padStart(2, '0')}T140000Z`,
      `SUMMARY:Visite chez ${uid} — 2ᵉ étage`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
/** The formula the fingerprint has always had: the zone, a newline, the file's text. */
const formula = (text: string) =>
  createHash('sha256').update(ZONE).update('\n').update(text).digest('base64url');

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-source-'));
});
afterAll(async () => {
  await closeIcsReaders();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('an ICS calendar file as a source', () => {
  it('fingerprints the file as before, and its read answers the fingerprint of what it read', async () => {
    const text = calendar('a', 'b');
    const file = path.join(folder, 'office.ics');
    fs.writeFileSync(file, text);
    const source = createIcsCalendarSource(file, ZONE);
    const snapshot = await source.snapshot!(RANGE);
    expect(snapshot.fingerprint).toBe(formula(text));

    const handed: CalendarEvent[] = [];
    const read = await snapshot.read((events) => handed.push(...events));
    expect(read.fingerprint).toBe(formula(text));
    expect(read.events).toEqual([]);
    expect(handed.map((event) => [event.leadId, event.summary])).toEqual([
      ['a', 'Visite chez a — 2ᵉ étage'],
      ['b', 'Visite chez b — 2ᵉ étage'],
    ]);
  });

  it('answers the fingerprint of the content read when the file changed after the snapshot', async () => {
    const file = path.join(folder, 'edited.ics');
    fs.writeFileSync(file, calendar('a'));
    const snapshot = await createIcsCalendarSource(file, ZONE).snapshot!(RANGE);
    fs.writeFileSync(file, calendar('a', 'b'));
    const read = await snapshot.read();
    expect(read.events.map((event) => event.leadId)).toEqual(['a', 'b']);
    expect(read.fingerprint).toBe(formula(calendar('a', 'b')));
    expect(read.fingerprint).not.toBe(snapshot.fingerprint);
  });

  it('fails with the file error when the file is gone between the fingerprint and the read', async () => {
    const file = path.join(folder, 'gone.ics');
    fs.writeFileSync(file, calendar('a'));
    const snapshot = await createIcsCalendarSource(file, ZONE).snapshot!(RANGE);
    fs.rmSync(file);
    const failure = snapshot.read(() => undefined);
    await expect(failure).rejects.toThrow(CalendarFileError);
    await expect(failure).rejects.toThrow(
      'The calendar file gone.ics could not be opened: no such file (ENOENT)',
    );
  });

  it('fails with the file error when there is no file, fingerprinting or reading', async () => {
    const source = createIcsCalendarSource(path.join(folder, 'never.ics'), ZONE);
    const message = 'The calendar file never.ics could not be opened: no such file (ENOENT)';
    await expect(source.snapshot!(RANGE)).rejects.toThrow(message);
    await expect(source.events(RANGE)).rejects.toThrow(message);
    await expect(createIcsCalendarSource(folder, ZONE).events(RANGE)).rejects.toThrow(
      `The calendar file ${path.basename(folder)} could not be opened: it is a folder (EISDIR)`,
    );
  });

  describe('handing events to a taker slower than the reader', () => {
    const YEARS = { startDate: '2025-01-01', endDate: '2027-12-31' };
    // 12 batches of 500: more than the reader may run ahead of its taker
    const COUNT = 6_000;
    let file: string;
    beforeAll(() => {
      file = path.join(folder, 'large.ics');
      fs.writeFileSync(file, icsCalendar(manyEvents(COUNT)));
    });
    const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

    it('gets every event, in order', async () => {
      const ids: string[] = [];
      await createIcsCalendarSource(file, ZONE).events(YEARS, undefined, (events) => {
        pause(20);
        ids.push(...events.map((event) => event.leadId));
      });
      expect(ids).toEqual(Array.from({ length: COUNT }, (_, index) => `bulk-${index}@test`));
    });

    it('lets the event loop turn between batches, so the API and the hub answer meanwhile', async () => {
      let ticks = 0;
      let ticking = true;
      const tick = () => {
        ticks += 1;
        if (ticking) setTimeout(tick, 1);
      };
      tick();
      const ticksAtBatch: number[] = [];
      await createIcsCalendarSource(file, ZONE).events(YEARS, undefined, () => {
        pause(20);
        ticksAtBatch.push(ticks);
      });
      ticking = false;
      expect(ticksAtBatch).toHaveLength(COUNT / 500);
      // a batch taken right after the one before, with no turn of the loop between them, is a stall
      const stalls = ticksAtBatch.filter((at, index) => index > 0 && at === ticksAtBatch[index - 1]);
      expect(stalls).toEqual([]);
    });

    it('ends the read when the taker fails, and the reader thread goes on to the next read', async () => {
      const failing = createIcsCalendarSource(file, ZONE).events(YEARS, undefined, () => {
        throw new Error('the run stopped');
      });
      await expect(failing).rejects.toThrow('the run stopped');
      // one reader thread: a read still waiting for its batches to be taken would hold it
      const next = await createIcsCalendarSource(file, ZONE).events(YEARS);
      expect(next.events).toHaveLength(COUNT);
    }, 15_000);
  });
});
