/** Where one VEVENT's text is in an ICS text, and which VCALENDAR holds it. */
export interface EventBlock {
  /** Index of the VCALENDAR around it, among the file's VCALENDARs. */
  calendar: number;
  start: number;
  end: number;
}

/** Hears what an IcsSplitter cuts, in the order of the text. */
export interface SplitListener {
  /** A piece of the skeleton; the pieces joined are the text without the cut-out events. */
  skeleton?(piece: string): void;
  /** A cut-out event: where it is (offsets in the whole text) and its text, BEGIN to END line. */
  event(block: EventBlock, text: string): void;
}

// Lines end at LF (CR before it is part of the ending), as ical.js reads them. Each match
// takes the LF before its line (lineStart skips it): a lookbehind tried at every character
// took four times as long.
const MARKERS = /(?:^|\n)(BEGIN|END):(VEVENT|VCALENDAR)\r?(?=\n|$)/gi;
const EVENT_LINES = /\n(?:(BEGIN|END):[^\r\n]*|UID[;:])/gi;
/** Where the line of a MARKERS or EVENT_LINES match starts. */
const lineStart = (found: RegExpMatchArray) => found.index! + (found[0].startsWith('\n') ? 1 : 0);
const TEXT_ESCAPES = /\\([\\;,nN])/g;

/** The value of a property line, unfolded (RFC 5545 3.1), from `at` where its name starts. */
function unfoldedLine(block: string, at: number): string {
  let line = '';
  for (;;) {
    const newline = block.indexOf('\n', at);
    const end = newline === -1 ? block.length : newline;
    line += block.slice(at, end).replace(/\r$/, '');
    const next = block[end + 1];
    if (newline === -1 || (next !== ' ' && next !== '\t')) return line;
    at = end + 2;
  }
}

/**
 * The UID of a cut-out event's text, as ical.js would read it: not one of a VALARM inside it
 * (RFC 9074 alarms have UIDs of their own), the value after the first colon outside quotes,
 * unescaped. Null when it has none.
 */
export function eventUid(block: string): string | null {
  let depth = 0;
  for (const found of block.matchAll(EVENT_LINES)) {
    const edge = found[1]?.toUpperCase();
    if (edge === 'BEGIN') depth += 1;
    else if (edge === 'END') depth -= 1;
    else if (depth === 0) {
      const value = /^UID(?:;(?:[^":]|"[^"]*")*)?:(.*)$/is.exec(unfoldedLine(block, lineStart(found)))?.[1];
      const uid = value
        ?.replace(TEXT_ESCAPES, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char))
        .trim();
      return uid || null;
    }
  }
  return null;
}

/**
 * Cuts every well-formed VEVENT directly inside a VCALENDAR out of an ICS text handed in
 * pieces of any size (a file read a chunk at a time, or a whole text as one piece), so that
 * each event can be parsed on its own while the rest (VCALENDAR, VTIMEZONE) is parsed once: a
 * 100,000-event file is then never one parse tree, nor one string, in memory. A VEVENT that
 * is not closed, holds another, or stands outside a VCALENDAR stays in the skeleton, where
 * the parser meets it as it would in the whole file.
 *
 * It holds the text from the last whole line on, or from the BEGIN line of an event still
 * open: one piece and one event at most. Markers are whole lines, so a line is looked at once
 * its LF has come (or the text has ended).
 */
export class IcsSplitter {
  /** The text not handed on yet: it starts at a line start, at `open` while an event is open. */
  private held = '';
  /** Where `held` starts in the whole text. */
  private heldAt = 0;
  /** Up to where `held` was looked through for markers (a line start). */
  private scanned = 0;
  /** Where the skeleton not handed on yet starts in `held`. */
  private keptFrom = 0;
  private calendar = -1;
  private inCalendar = false;
  /** Where the open VEVENT starts in `held`. */
  private open: number | null = null;
  private nested = false;

  constructor(private readonly listener: SplitListener) {}

  push(piece: string): void {
    if (piece.length === 0) return;
    this.held = this.held.length === 0 ? piece : this.held + piece;
    const lastLine = this.held.lastIndexOf('\n');
    if (lastLine >= this.scanned) this.scan(lastLine + 1);
  }

  /** The text has ended: its last line is looked at, and what is left is skeleton. */
  end(): void {
    this.scan(this.held.length);
    this.keep(this.held.length);
    this.held = '';
  }

  private keep(upTo: number): void {
    if (upTo > this.keptFrom) this.listener.skeleton?.(this.held.slice(this.keptFrom, upTo));
    this.keptFrom = upTo;
  }

  private scan(upTo: number): void {
    const text = this.held;
    const from = this.scanned;
    const lines = from === 0 && upTo === text.length ? text : text.slice(from, upTo);
    for (const marker of lines.matchAll(MARKERS)) {
      const [, edge, name] = marker;
      const at = from + lineStart(marker);
      const lineEnd = from + marker.index + marker[0].length;
      const begins = edge!.toUpperCase() === 'BEGIN';
      if (name!.toUpperCase() === 'VCALENDAR') {
        if (begins) this.calendar += 1;
        this.inCalendar = begins;
        this.open = null;
        this.nested = false;
        continue;
      }
      if (begins) {
        if (this.open === null) this.open = at;
        else this.nested = true;
        continue;
      }
      if (this.open === null) continue;
      if (!this.nested && this.inCalendar) {
        const end = lineEnd + (text[lineEnd] === '\n' ? 1 : 0);
        this.keep(this.open);
        this.listener.event(
          { calendar: this.calendar, start: this.heldAt + this.open, end: this.heldAt + end },
          text.slice(this.open, end),
        );
        this.keptFrom = end;
      }
      this.open = null;
      this.nested = false;
    }
    this.scanned = upTo;
    // what comes before an open event, or before the lines not looked at yet, is let go
    const release = this.open ?? upTo;
    this.keep(release);
    this.drop(release);
  }

  private drop(count: number): void {
    if (count === 0) return;
    this.held = this.held.slice(count);
    this.heldAt += count;
    this.scanned -= count;
    this.keptFrom -= count;
    if (this.open !== null) this.open -= count;
  }
}
