import { RRule } from 'rrule';
import { all, first, type Node } from './icsTree';

/** A wall-clock reading, kept in a Date's UTC fields ("floating"). */
export type Wall = Date;

/** `20250304T090000` or `20250304` as a floating wall clock. */
export function wallOf(value: string): { wall: Wall; date: boolean; utc: boolean } {
  // `20131210Z` (a date with a Z, as Google writes birthday RDATEs) is still a date
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2}))?(Z)?$/.exec(value.trim());
  if (!match) throw new Error(`unreadable time ${value}`);
  const [, y, mo, d, h, mi, s, z] = match;
  return {
    wall: new Date(Date.UTC(+y!, +mo! - 1, +d!, +(h ?? 0), +(mi ?? 0), +(s ?? 0))),
    date: h === undefined,
    utc: z === 'Z' && h !== undefined,
  };
}

const offsetSeconds = (text: string) => {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(text.trim())!;
  return (match[1] === '-' ? -1 : 1) * (+match[2]! * 3600 + +match[3]! * 60 + +(match[4] ?? 0));
};

interface Onset {
  utc: number;
  to: number;
  from: number;
}

/** A zone as a file's VTIMEZONE defines it: every onset of every observance (§3.6.5). */
export function zoneFromVtimezone(node: Node): (wall: Wall) => number {
  const onsets: Onset[] = [];
  for (const observance of node.children) {
    const start = first(observance, 'DTSTART');
    if (!start) continue;
    const from = offsetSeconds(first(observance, 'TZOFFSETFROM')!.value);
    const to = offsetSeconds(first(observance, 'TZOFFSETTO')!.value);
    const walls = [wallOf(start.value).wall];
    for (const rdate of all(observance, 'RDATE'))
      for (const value of rdate.value.split(',')) walls.push(wallOf(value.split('/')[0]!).wall);
    const rrule = first(observance, 'RRULE');
    if (rrule) {
      const options = RRule.parseString(rrule.value);
      if (options.until) options.until = wallOf(rrule.value.match(/UNTIL=([0-9TZ]+)/)![1]!).wall;
      const rule = new RRule({ ...options, dtstart: walls[0]!, tzid: undefined });
      walls.push(...rule.between(walls[0]!, new Date(Date.UTC(2040, 0, 1)), true));
    }
    for (const wall of walls) onsets.push({ utc: wall.getTime() - from * 1000, to, from });
  }
  onsets.sort((a, b) => a.utc - b.utc);
  return (wall) => {
    let offset = onsets[0] ? onsets[0].from : 0;
    // the latest onset that the wall clock, read with that onset's offset, lies after
    for (const onset of onsets) if (wall.getTime() - onset.to * 1000 >= onset.utc) offset = onset.to;
    return wall.getTime() - offset * 1000;
  };
}

/** The Windows zone names the fixtures use (Microsoft's mapping). */
const WINDOWS: Record<string, string> = {
  'Eastern Standard Time': 'America/New_York',
  'Central European Standard Time': 'Europe/Warsaw',
  'W. Europe Standard Time': 'Europe/Berlin',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'Turkey Standard Time': 'Europe/Istanbul',
  'SE Asia Standard Time': 'Asia/Bangkok',
};

function ianaOf(name: string): string | null {
  const candidates = [name, WINDOWS[name], name.split('/').slice(-2).join('/')];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: candidate });
      return candidate;
    } catch {
      // not a zone name
    }
  }
  return null;
}

/** A wall clock in an IANA zone, by the zone's offset at that moment (two passes near a change). */
export function zoneFromIana(name: string): (wall: Wall) => number {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: name,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    const shown = Date.UTC(
      +parts.year!,
      +parts.month! - 1,
      +parts.day!,
      +parts.hour!,
      +parts.minute!,
      +parts.second!,
    );
    return shown - Math.floor(instant / 1000) * 1000;
  };
  return (wall) => {
    const guess = wall.getTime() - offsetAt(wall.getTime());
    return wall.getTime() - offsetAt(guess);
  };
}

/** TZID → how its wall clocks become instants: the file's VTIMEZONE first, else IANA or Windows names. */
export function zoneResolver(vtimezones: Node[], fallback: string) {
  const defined = new Map(
    vtimezones.map((zone) => [first(zone, 'TZID')?.value ?? '', zoneFromVtimezone(zone)]),
  );
  const cache = new Map<string, (wall: Wall) => number>();
  return (tzid: string | undefined): ((wall: Wall) => number) => {
    const key = tzid ?? '';
    if (tzid && defined.has(tzid)) return defined.get(tzid)!;
    if (!cache.has(key)) cache.set(key, zoneFromIana((tzid && ianaOf(tzid)) || fallback));
    return cache.get(key)!;
  };
}
