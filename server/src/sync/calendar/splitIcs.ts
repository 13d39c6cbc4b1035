/** One VEVENT's text in an ICS file: where it is, which VCALENDAR holds it, its raw UID. */
export interface EventBlock {
  /** Index of the VCALENDAR around it, in file order. */
  calendar: number;
  start: number;
  end: number;
  /** The UID as written (unfolded, trimmed), or null when the event has none. */
  uid: string | null;
}

export interface SplitIcs {
  /** The file without the cut-out events: calendars, time zones, anything else. */
  skeleton: string;
  events: EventBlock[];
}

const MARKERS = /^(BEGIN|END):(VEVENT|VCALENDAR)[ \t]*\r?$/gim;
const UID_LINE = /(?:^|\n)UID[;:]/i;

/** The unfolded value of the event's first UID line (RFC 5545 3.1 folding), or null. */
function rawUid(block: string): string | null {
  const found = UID_LINE.exec(block);
  if (!found) return null;
  let line = '';
  let at = found.index + found[0].length - 4; // from "UID"
  for (;;) {
    const newline = block.indexOf('\n', at);
    const end = newline === -1 ? block.length : newline;
    line += block.slice(at, end).replace(/\r$/, '');
    const next = block[end + 1];
    if (newline === -1 || (next !== ' ' && next !== '\t')) break;
    at = end + 2;
  }
  // UID;X-PARAM=…:value — the value follows the first colon outside quotes
  const value = /^UID(?:;(?:[^":]|"[^"]*")*)?:(.*)$/is.exec(line)?.[1];
  return value === undefined ? null : value.trim() || null;
}

/**
 * Cuts every well-formed top-level VEVENT out of an ICS text, so that each can be parsed
 * on its own while the rest (VCALENDAR, VTIMEZONE) is parsed once: a 100,000-event file
 * is then never one parse tree in memory. A VEVENT that is not closed, or holds another,
 * stays in the skeleton, where the parser meets it as it would in the whole file.
 */
export function splitIcs(text: string): SplitIcs {
  const events: EventBlock[] = [];
  const kept: string[] = [];
  let keptFrom = 0;
  let calendar = -1;
  let open: number | null = null;
  let nested = false;
  for (const marker of text.matchAll(MARKERS)) {
    const [line, edge, name] = marker;
    const at = marker.index;
    if (name!.toUpperCase() === 'VCALENDAR') {
      if (edge!.toUpperCase() === 'BEGIN') calendar += 1;
      continue;
    }
    if (edge!.toUpperCase() === 'BEGIN') {
      if (open === null) open = at;
      else nested = true;
      continue;
    }
    if (open === null) continue;
    if (!nested && calendar >= 0) {
      const end = at + line.length + (text[at + line.length] === '\n' ? 1 : 0);
      kept.push(text.slice(keptFrom, open));
      keptFrom = end;
      events.push({ calendar, start: open, end, uid: rawUid(text.slice(open, end)) });
    }
    open = null;
    nested = false;
  }
  kept.push(text.slice(keptFrom));
  return { skeleton: kept.join(''), events };
}
