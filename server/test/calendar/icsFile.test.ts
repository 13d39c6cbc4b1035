import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ICS_FIXTURES, icsFixture, icsFixtureNames } from '../../testkit/ics/icsFixtures';
import { DEFAULT_CALENDAR_LIMITS } from '../../src/platform/config/calendarLimits';
import type { CalendarEvent, CalendarReadResult } from '../../src/features/calendar/calendarEvent';
import { blockKey } from '../../src/features/calendar/ics/rfc5545/blockKeys';
import { icsFileFingerprint, icsTextFingerprint, readIcsFile } from '../../src/features/calendar/ics/icsFile';
import { readIcsEvents, readIcsPieces, type IcsPieces } from '../../src/features/calendar/ics/readIcsEvents';

const ALL_TIME = { startDate: '1990-01-01', endDate: '2035-12-31' };
const WHOLE_FILES = { ...DEFAULT_CALENDAR_LIMITS, occurrencesPerSeries: 1_000_000 };
const ZONE = 'America/New_York';
const NAME = 'calendar file test.ics';

/** What a read gives, or the error it fails with, to compare two reads of one calendar. */
const outcome = (read: () => CalendarReadResult) => {
  try {
    const { events, problems } = read();
    return { events, problems };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};
const readText = (text: string) => outcome(() => readIcsEvents(text, ALL_TIME, ZONE, WHOLE_FILES));
const readFile = (file: string, chunkBytes: number) =>
  outcome(() =>
    readIcsFile(file, NAME, ZONE, (pieces) => readIcsPieces(pieces, ALL_TIME, ZONE, WHOLE_FILES), chunkBytes),
  );
/** The formula the fingerprint has always had, written out. */
const formula = (text: string, zone = ZONE) =>
  createHash('sha256').update(zone).update('\n').update(text).digest('base64url');

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const single = (uid: string, day: number, summary = `Visit ${uid}`) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART:202503${String(day).padStart(2, '0')}T140000Z`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ics-file-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const written = (name: string, content: string | Buffer) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  return file;
};

describe('a calendar file read in chunks', () => {
  it.each(icsFixtureNames())('%s: 7- and 64-byte chunks read what the whole text reads', (name) => {
    const whole = readText(icsFixture(name));
    expect(readFile(path.join(ICS_FIXTURES, name), 7)).toEqual(whole);
    expect(readFile(path.join(ICS_FIXTURES, name), 64)).toEqual(whole);
  });

  it('decodes a character and a line end split across chunks, at every split', () => {
    const text = `\uFEFF${calendar(...single('home', 4, 'Maison 🏠 Élodie'), ...single('next', 5))}`;
    const file = written('split.ics', text);
    const whole = readText(text);
    expect(whole.events?.map((event) => event.summary)).toEqual(['Maison 🏠 Élodie', 'Visit next']);
    const bytes = Buffer.byteLength(text);
    for (let chunkBytes = 1; chunkBytes <= 80; chunkBytes += 1)
      expect(readFile(file, chunkBytes)).toEqual(whole);
    expect(readFile(file, bytes)).toEqual(whole);
  });

  it('reads a text handed in pieces of any length as it reads it whole, CR and LF apart', () => {
    const text = calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Custom',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...single('a', 4),
      'BEGIN:VEVENT',
      'UID:zoned',
      'DTSTART;TZID=Custom:20250306T090000',
      'SUMMARY:Zoned',
      'END:VEVENT',
    );
    const whole = readText(text);
    expect(whole.events?.find((event) => event.leadId === 'zoned')?.start).toEqual(
      new Date('2025-03-06T07:00:00Z'),
    );
    for (let size = 1; size <= 30; size += 1) {
      const pieces: IcsPieces = function* () {
        for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
      };
      expect(outcome(() => readIcsPieces(pieces, ALL_TIME, ZONE, WHOLE_FILES))).toEqual(whole);
    }
  });

  it("reads a series with an override far from its master together, and everything else in the file's order", () => {
    const filler = Array.from({ length: 200 }, (_, index) =>
      single(`filler-${index}`, 1 + (index % 28)),
    ).flat();
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:series',
      'DTSTART:20250303T150000Z',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Weekly',
      'END:VEVENT',
      ...filler,
      'BEGIN:VEVENT',
      'UID:series',
      'RECURRENCE-ID:20250310T150000Z',
      'DTSTART:20250312T170000Z',
      'SUMMARY:Moved',
      'END:VEVENT',
      ...single('last', 28),
    );
    const read = readFile(written('far.ics', text), 64);
    expect(read).toEqual(readText(text));
    const ids = read.events!.map((event) => event.leadId);
    // the series comes where its last block is: after the fillers, before the last event
    expect(ids).toEqual([
      ...Array.from({ length: 200 }, (_, index) => `filler-${index}`),
      'series_20250303T150000Z',
      'series_20250310T150000Z',
      'series_20250317T150000Z',
      'last',
    ]);
    expect(read.events![201]).toMatchObject({ summary: 'Moved', start: new Date('2025-03-12T17:00:00Z') });
  });

  it('reads an override with its master when the master stays in the skeleton (it holds another event)', () => {
    const text = calendar(
      ...single('before', 3),
      'BEGIN:VEVENT',
      'UID:series',
      'DTSTART:20250303T150000Z',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Weekly',
      'BEGIN:VEVENT',
      'UID:inner',
      'END:VEVENT',
      'END:VEVENT',
      ...single('between', 5),
      'BEGIN:VEVENT',
      'UID:series',
      'RECURRENCE-ID:20250310T150000Z',
      'DTSTART:20250312T170000Z',
      'SUMMARY:Moved',
      'END:VEVENT',
      ...single('after', 20),
    );
    const read = readFile(written('skeleton-master.ics', text), 7);
    expect(read).toEqual(readText(text));
    expect(read.events!.map((event) => [event.leadId, event.summary])).toEqual([
      ['before', 'Visit before'],
      ['between', 'Visit between'],
      ['series_20250303T150000Z', 'Weekly'],
      ['series_20250310T150000Z', 'Moved'],
      ['series_20250317T150000Z', 'Weekly'],
      ['after', 'Visit after'],
    ]);
  });

  it('reads apart two events whose UIDs have the same 32-bit key', () => {
    // these two UIDs hash alike (see blockKey): they wait for each other, and stay two events
    const text = calendar(
      ...single('uid-1422789@collide.test', 4),
      ...single('other', 5),
      ...single('uid-1639192@collide.test', 6),
    );
    expect(blockKey(0, 'uid-1422789@collide.test')).toBe(blockKey(0, 'uid-1639192@collide.test'));
    const ids = (readFile(written('collide.ics', text), 16).events ?? []).map(
      (event: CalendarEvent) => event.leadId,
    );
    expect(ids).toEqual(['other', 'uid-1422789@collide.test', 'uid-1639192@collide.test']);
  });

  it("answers the fingerprint of the content it read, by the fingerprint's formula, byte order mark included", async () => {
    const text = `\uFEFF${calendar(...single('a', 4, 'Café'))}`;
    const file = written('fingerprint.ics', text);
    const read = readIcsFile(file, NAME, ZONE, (pieces) => readIcsPieces(pieces, ALL_TIME, ZONE), 5);
    expect(read.fingerprint).toBe(formula(text));
    expect(await icsFileFingerprint(file, NAME, ZONE)).toBe(formula(text));
    expect(icsTextFingerprint(text, ZONE)).toBe(formula(text));
    expect(await icsFileFingerprint(file, NAME, 'UTC')).toBe(formula(text, 'UTC'));
    expect(await icsFileFingerprint(file, NAME, 'UTC')).not.toBe(read.fingerprint);
  });

  it('fails with the file error when the file cannot be opened, or changes between the passes', async () => {
    const missing = path.join(folder, 'missing.ics');
    expect(readFile(missing, 64)).toEqual({
      error: `CalendarFileError: The ${NAME} could not be opened: no such file (ENOENT)`,
    });
    await expect(icsFileFingerprint(missing, NAME, ZONE)).rejects.toThrow(
      `The ${NAME} could not be opened: no such file (ENOENT)`,
    );

    const file = written('changing.ics', calendar(...single('a', 4)));
    const changedBetween = (pieces: IcsPieces) => {
      for (const piece of pieces()) void piece;
      fs.appendFileSync(file, calendar(...single('b', 5)));
      for (const piece of pieces()) void piece;
      throw new Error('the second pass was read through');
    };
    expect(() => readIcsFile(file, NAME, ZONE, changedBetween)).toThrow(
      `The ${NAME} changed while it was being read: run the sync again.`,
    );
  });
});
