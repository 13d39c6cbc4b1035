import { RRule } from 'rrule';
import { all, first, icsTree, unescapeText, type Line, type Node } from './icsTree';
import { wallOf, zoneResolver, type Wall } from './zones';

export interface IndependentInstance {
  leadId: string;
  start: string;
  cancelled: boolean;
}

const basicUtc = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The instances of a calendar by RFC 5545 and RFC 5546, read without ical.js or any code of
 * the sync: `rrule` (npm) steps through each RRULE in floating wall-clock time, and the
 * zones are the file's VTIMEZONEs or the IANA database.
 */
export function readIndependently(
  text: string,
  range: { from: number; to: number },
  defaultZone: string,
): IndependentInstance[] {
  const out: IndependentInstance[] = [];
  for (const calendar of icsTree(text).filter((node) => node.name === 'VCALENDAR')) {
    const floatingZone = first(calendar, 'X-WR-TIMEZONE')?.value.trim() || defaultZone;
    const zoneOf = zoneResolver(
      calendar.children.filter((node) => node.name === 'VTIMEZONE'),
      floatingZone,
    );
    const instantOf = (line: Line, value = line.value, fallbackTzid?: string) => {
      const { wall, date, utc } = wallOf(value);
      if (date) return { at: wall.getTime(), date: true, utc: false, wall };
      if (utc) return { at: wall.getTime(), date: false, utc: true, wall };
      return { at: zoneOf(line.params.TZID ?? fallbackTzid)(wall), date: false, utc: false, wall };
    };
    const byUid = new Map<string, Node[]>();
    for (const event of calendar.children.filter((node) => node.name === 'VEVENT')) {
      const uid = first(event, 'UID')?.value;
      if (!uid) continue; // keyed by content in the sync; nothing to compare by
      const key = unescapeText(uid).trim();
      byUid.set(key, [...(byUid.get(key) ?? []), event]);
    }
    const push = (leadId: string, at: number, cancelled: boolean) => {
      if (at >= range.from && at <= range.to)
        out.push({ leadId, start: new Date(at).toISOString(), cancelled });
    };
    for (const [uid, events] of byUid) {
      const masters = events.filter((event) => !first(event, 'RECURRENCE-ID'));
      const overrides = events.filter((event) => first(event, 'RECURRENCE-ID'));
      const master = latest(masters);
      const cancelledOf = (event: Node) => first(event, 'STATUS')?.value.trim().toUpperCase() === 'CANCELLED';
      if (!master || (!first(master, 'RRULE') && !first(master, 'RDATE'))) {
        for (const event of [...(master ? [master] : []), ...overrides]) {
          const start = first(event, 'DTSTART');
          if (!start) continue;
          const rid = first(event, 'RECURRENCE-ID');
          push(rid ? `${uid}_${basicUtc(instantOf(rid).at)}` : uid, instantOf(start).at, cancelledOf(event));
        }
        continue;
      }
      const dtstartLine = first(master, 'DTSTART')!;
      const dtstart = instantOf(dtstartLine);
      const tzid = dtstartLine.params.TZID;
      const zone = dtstart.date || dtstart.utc ? (wall: Wall) => wall.getTime() : zoneOf(tzid);
      const ruleWall = (value: string) => {
        // UNTIL: UTC or floating; as a wall clock of the series' zone for rrule
        const until = wallOf(value);
        if (!until.utc || dtstart.date) return until.wall;
        let guess = until.wall.getTime();
        for (let pass = 0; pass < 2; pass += 1) guess += until.wall.getTime() - zone(new Date(guess));
        return new Date(guess);
      };
      const instants = new Map<number, Wall>([[dtstart.at, dtstart.wall]]);
      for (const line of all(master, 'RRULE')) {
        const options = RRule.parseString(line.value);
        const untilText = /UNTIL=([0-9TZ]+)/i.exec(line.value)?.[1];
        if (untilText) options.until = ruleWall(untilText);
        const rule = new RRule({ ...options, dtstart: dtstart.wall, tzid: undefined });
        const windowEnd = new Date(range.to + 2 * 86_400_000 + 366 * 86_400_000);
        for (const wall of rule.between(dtstart.wall, windowEnd, true)) instants.set(zone(wall), wall);
      }
      for (const line of all(master, 'RDATE'))
        for (const value of line.value.split(',')) {
          const rdate = instantOf(line, value.split('/')[0]!, tzid);
          instants.set(
            dtstart.date
              ? Date.UTC(rdate.wall.getUTCFullYear(), rdate.wall.getUTCMonth(), rdate.wall.getUTCDate())
              : rdate.at,
            rdate.wall,
          );
        }
      for (const line of all(master, 'EXDATE'))
        for (const value of line.value.split(',')) {
          if (!value.trim()) continue;
          const exdate = instantOf(line, value, tzid);
          for (const [at, wall] of instants) {
            const sameDay = wall.toISOString().slice(0, 10) === exdate.wall.toISOString().slice(0, 10);
            if (exdate.date || dtstart.date ? sameDay : at === exdate.at) instants.delete(at);
          }
        }
      const overrideOf = new Map<number, Node>();
      const readable = overrides.filter((override) => {
        try {
          instantOf(first(override, 'RECURRENCE-ID')!, undefined, tzid);
          instantOf(first(override, 'DTSTART')!, undefined, tzid);
          return true;
        } catch {
          return false; // an override that cannot be read never takes its series with it
        }
      });
      for (const override of readable) {
        const rid = instantOf(first(override, 'RECURRENCE-ID')!, undefined, tzid);
        const key = dtstart.date
          ? Date.UTC(rid.wall.getUTCFullYear(), rid.wall.getUTCMonth(), rid.wall.getUTCDate())
          : rid.date
            ? zone(new Date(rid.wall.getTime() + (dtstart.wall.getTime() % 86_400_000)))
            : rid.at;
        const current = overrideOf.get(key);
        overrideOf.set(key, current ? latest([current, override])! : override);
      }
      // RANGE=THISANDFUTURE: the override rules every later instance without one of its own,
      // moved as it moved its own on their common wall clock (else by the same time)
      const ranges = [...overrideOf]
        .filter(
          ([, override]) => first(override, 'RECURRENCE-ID')!.params.RANGE?.toUpperCase() === 'THISANDFUTURE',
        )
        .map(([key, override]) => {
          const ridLine = first(override, 'RECURRENCE-ID')!;
          const startLine = first(override, 'DTSTART')!;
          const rid = instantOf(ridLine, undefined, tzid);
          const start = instantOf(startLine, undefined, tzid);
          const sameClock =
            rid.date === start.date &&
            rid.utc === start.utc &&
            (rid.date || rid.utc || (ridLine.params.TZID ?? tzid) === (startLine.params.TZID ?? tzid));
          const move = (at: number, wall: Wall) => {
            if (!sameClock) return at + (start.at - rid.at);
            const moved = new Date(wall.getTime() + (start.wall.getTime() - rid.wall.getTime()));
            return dtstart.date ? moved.getTime() : zone(moved);
          };
          return { key, override, move };
        })
        .sort((a, b) => a.key - b.key);
      for (const [at, wall] of instants) {
        const override = overrideOf.get(at);
        const range = override ? undefined : ranges.filter((candidate) => candidate.key <= at).at(-1);
        const item = override ?? range?.override ?? master;
        const start = override
          ? instantOf(first(override, 'DTSTART')!, undefined, tzid).at
          : range
            ? range.move(at, wall)
            : at;
        push(`${uid}_${basicUtc(at)}`, start, cancelledOf(item) || cancelledOf(master));
      }
    }
  }
  return out.sort((a, b) => a.leadId.localeCompare(b.leadId) || a.start.localeCompare(b.start));
}

/** RFC 5546: the highest SEQUENCE, then the latest DTSTAMP, then the last written. */
function latest(versions: Node[]): Node | undefined {
  const sequence = (node: Node) => Number.parseInt(first(node, 'SEQUENCE')?.value ?? '0', 10) || 0;
  const stamp = (node: Node) => first(node, 'DTSTAMP')?.value ?? '';
  return versions.reduce<Node | undefined>(
    (best, node) =>
      !best ||
      sequence(node) > sequence(best) ||
      (sequence(node) === sequence(best) && stamp(node) >= stamp(best))
        ? node
        : best,
    undefined,
  );
}
