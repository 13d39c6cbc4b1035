import ICAL from 'ical.js';
import type { Component, Time } from './icalTypes';

/**
 * A VTIMEZONE observance starts at its DTSTART and at every RDATE (RFC 5545 §3.6.5), however
 * many values one RDATE line holds. ical.js 2.2.1 reads only the first value of each RDATE
 * line and, when an observance has RDATEs, none for its DTSTART (iCalcreator and WordPress
 * feeds write their zones this way): times before the first change it knows then read as
 * UTC+0, an appointment one or two hours late. Each onset becomes an RDATE line of its own.
 */
export function repairObservances(calendar: Component): void {
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    for (const observance of [
      ...zone.getAllSubcomponents('standard'),
      ...zone.getAllSubcomponents('daylight'),
    ]) {
      const rdates = observance.getAllProperties('rdate');
      if (rdates.length === 0) continue;
      const onsets: Time[] = [];
      for (const rdate of rdates) {
        for (const value of rdate.getValues() as Array<Time | InstanceType<typeof ICAL.Period>>)
          onsets.push(value instanceof ICAL.Period ? value.start : value);
        observance.removeProperty(rdate);
      }
      const start = observance.getFirstPropertyValue('dtstart') as Time | null;
      if (start && !observance.hasProperty('rrule') && !onsets.some((onset) => onset.compare(start) === 0))
        onsets.unshift(start);
      for (const onset of onsets) {
        const property = new ICAL.Property('rdate', observance);
        property.setValue(onset);
        observance.addProperty(property);
      }
    }
  }
}
