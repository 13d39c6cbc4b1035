import ICAL from 'ical.js';
import fs from 'node:fs';

/**
 * The least any sync of an .ics file must do: read the file, parse it, and read each
 * VEVENT's DTSTART, SUMMARY, DESCRIPTION and UID. Returns how many events it read.
 */
export function readCalendarFloor(file: string): number {
  const root = new ICAL.Component(ICAL.parse(fs.readFileSync(file, 'utf8')));
  let events = 0;
  for (const event of root.getAllSubcomponents('vevent')) {
    const read = [
      event.getFirstPropertyValue('dtstart'),
      event.getFirstPropertyValue('summary'),
      event.getFirstPropertyValue('description'),
      event.getFirstPropertyValue('uid'),
    ];
    if (read[0] && read[3]) events += 1;
  }
  return events;
}
