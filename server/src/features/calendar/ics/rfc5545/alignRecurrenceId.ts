import ICAL from 'ical.js';
import type { Component, Time } from './icalTypes';

/**
 * Exchange writes a DATE-TIME RECURRENCE-ID for an all-day series (and some programs a DATE
 * one for a timed series): the id is brought to the series' own form, so it names an instance.
 */
export function alignRecurrenceId(override: Component, masterStart: Time): void {
  const property = override.getFirstProperty('recurrence-id');
  const rid = property?.getFirstValue() as Time | undefined;
  if (!property || !rid) return;
  if (masterStart.isDate && !rid.isDate) {
    property.setValue(ICAL.Time.fromDateString(rid.toString().slice(0, 10)));
  } else if (!masterStart.isDate && rid.isDate) {
    const aligned = masterStart.clone();
    aligned.year = rid.year;
    aligned.month = rid.month;
    aligned.day = rid.day;
    property.setValue(aligned);
  }
}
