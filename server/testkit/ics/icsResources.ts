/** One CalDAV object cut out of a calendar file: the events of one UID, with the file's zones. */
export interface IcsResource {
  uid: string;
  ics: string;
}

const unfold = (lines: string[]) => lines.join('\r\n').replace(/\r\n[ \t]/g, '');

/**
 * Cuts a calendar file into CalDAV objects the way a client would PUT them (RFC 4791
 * 4.1: one UID per object), by lines so that every event keeps its exact text: the
 * calendar's own properties and every VTIMEZONE go into each object. VEVENTs without a
 * UID come back under `withoutUid` (a CalDAV server refuses them).
 */
export function splitIntoResources(icsText: string): { resources: IcsResource[]; withoutUid: number } {
  const lines = icsText.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header: string[] = [];
  const zones: string[][] = [];
  const events = new Map<string, string[][]>();
  let withoutUid = 0;
  let block: string[] | null = null;
  let blockName = '';
  let depth = 0;
  for (const line of lines) {
    const begin = /^BEGIN:(\w[\w-]*)/i.exec(line);
    const end = /^END:(\w[\w-]*)/i.exec(line);
    if (begin) depth += 1;
    if (depth === 1 && !begin && !end && line.trim() !== '') header.push(line);
    if (begin && depth === 2) {
      block = [];
      blockName = begin[1]!.toUpperCase();
    }
    block?.push(line);
    if (end) {
      depth -= 1;
      if (depth === 1 && block) {
        if (blockName === 'VTIMEZONE') zones.push(block);
        if (blockName === 'VEVENT') {
          const uid = /^UID(?:;[^:\r\n]*)?:(.*)$/im.exec(unfold(block))?.[1]?.trim();
          if (uid) events.set(uid, [...(events.get(uid) ?? []), block]);
          else withoutUid += 1;
        }
        block = null;
      }
    }
  }
  const resources = [...events].map(([uid, blocks]) => ({
    uid,
    ics: `${['BEGIN:VCALENDAR', ...header, ...zones.flat(), ...blocks.flat(), 'END:VCALENDAR'].join('\r\n')}\r\n`,
  }));
  return { resources, withoutUid };
}
