/** One VEVENT's text in an ICS file: where it is, which VCALENDAR holds it, its UID. */
export interface EventBlock {
  /** Index of the VCALENDAR around it, among the file's VCALENDARs. */
  calendar: number;
  start: number;
  end: number;
  /** The event's own UID (unfolded, unescaped, trimmed), or null when it has none. */
  uid: string | null;
}

export interface SplitIcs {
  /** The file without the cut-out events: calendars, time zones, anything else. */
  skeleton: string;
  events: EventBlock[];
}

// Lines end at LF (CR before it is part of the ending), as ical.js reads them.
const MARKERS = /(?<=^|\n)(BEGIN|END):(VEVENT|VCALENDAR)\r?(?=\n|$)/gi;
const EVENT_LINES = /(?<=\n)(?:(BEGIN|END):[^\r\n]*|UID[;:])/gi;
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
 * The event's own UID, as ical.js would read it: not one of a VALARM inside it (RFC 9074
 * alarms have UIDs of their own), the value after the first colon outside quotes,
 * unescaped. Null when it has none.
 */
function uidOf(block: string): string | null {
  let depth = 0;
  for (const found of block.matchAll(EVENT_LINES)) {
    const edge = found[1]?.toUpperCase();
    if (edge === 'BEGIN') depth += 1;
    else if (edge === 'END') depth -= 1;
    else if (depth === 0) {
      const value = /^UID(?:;(?:[^":]|"[^"]*")*)?:(.*)$/is.exec(unfoldedLine(block, found.index))?.[1];
      const uid = value
        ?.replace(TEXT_ESCAPES, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char))
        .trim();
      return uid || null;
    }
  }
  return null;
}

/**
 * Cuts every well-formed VEVENT directly inside a VCALENDAR out of an ICS text, so that each
 * can be parsed on its own while the rest (VCALENDAR, VTIMEZONE) is parsed once: a
 * 100,000-event file is then never one parse tree in memory. A VEVENT that is not closed,
 * holds another, or stands outside a VCALENDAR stays in the skeleton, where the parser
 * meets it as it would in the whole file.
 */
export function splitIcs(text: string): SplitIcs {
  const events: EventBlock[] = [];
  const kept: string[] = [];
  let keptFrom = 0;
  let calendar = -1;
  let inCalendar = false;
  let open: number | null = null;
  let nested = false;
  for (const marker of text.matchAll(MARKERS)) {
    const [line, edge, name] = marker;
    const at = marker.index;
    const begins = edge!.toUpperCase() === 'BEGIN';
    if (name!.toUpperCase() === 'VCALENDAR') {
      if (begins) calendar += 1;
      inCalendar = begins;
      open = null;
      nested = false;
      continue;
    }
    if (begins) {
      if (open === null) open = at;
      else nested = true;
      continue;
    }
    if (open === null) continue;
    if (!nested && inCalendar) {
      const end = at + line.length + (text[at + line.length] === '\n' ? 1 : 0);
      kept.push(text.slice(keptFrom, open));
      keptFrom = end;
      // the block starts with its BEGIN line: every property line in it follows a newline
      events.push({ calendar, start: open, end, uid: uidOf(text.slice(open, end)) });
    }
    open = null;
    nested = false;
  }
  kept.push(text.slice(keptFrom));
  return { skeleton: kept.join(''), events };
}
