import ICAL from 'ical.js';
import { basicUtc } from '../calendarEvent';
import { alignRecurrenceId } from './rfc5545/alignRecurrenceId';
import { textOf, tzidOf, type Component, type Time } from './rfc5545/icalTypes';
import { instantOf } from './rfc5545/instants';
import { latestVersion } from './rfc5545/latestVersion';
import { setIcsText } from '../../../platform/ics/icsText';
import { resolveZoneName, zoneOffsetMs } from '../../../platform/time/timezones';
import { daysBetweenDates, descriptionAfter, summaryAfter, timesOf, type EventEdit } from '../eventFormat/eventEdit';

const PROPERTIES_OF_A_SERIES = ['rrule', 'rdate', 'exdate', 'exrule'];

/**
 * An instant in the form of a calendar time `like`: a date for an all-day time, UTC for a UTC
 * time, the same zone's wall clock for a zoned or floating one (its TZID stays on the property).
 */
function timeLike(instant: Date, like: Time, tzid: string | null, defaultZone: string): Time {
  if (like.isDate) return ICAL.Time.fromDateString(instant.toISOString().slice(0, 10));
  const utc = ICAL.Time.fromJSDate(instant, true);
  const zone = like.zone;
  if (zone && zone.tzid !== 'floating') return zone.tzid === 'UTC' ? utc : utc.convertToZone(zone);
  // floating, or a TZID the file does not define: the wall clock of the zone it is read in
  const wall = new Date(
    instant.getTime() + zoneOffsetMs(instant.getTime(), resolveZoneName(tzid) ?? defaultZone),
  );
  const time = ICAL.Time.fromJSDate(wall, true);
  time.zone = ICAL.Timezone.localTimezone;
  return time;
}

/**
 * Sets DTSTART or DTEND to an instant in the form the event's times have, or turns it into a
 * day (VALUE=DATE) or a UTC time when the edit changes which the event is (`allDay`).
 */
function setTime(
  component: Component,
  name: 'dtstart' | 'dtend',
  instant: Date,
  allDay: boolean,
  defaultZone: string,
) {
  const like =
    (component.getFirstPropertyValue(name) as Time | null) ??
    (component.getFirstPropertyValue('dtstart') as Time);
  const tzid = tzidOf(component, name) ?? tzidOf(component, 'dtstart');
  const property = component.getFirstProperty(name) ?? component.addPropertyWithValue(name, like.clone());
  if (allDay !== like.isDate) {
    property.removeParameter('tzid');
    property.resetType(allDay ? 'date' : 'date-time');
    property.setValue(
      allDay
        ? ICAL.Time.fromDateString(instant.toISOString().slice(0, 10))
        : ICAL.Time.fromJSDate(instant, true),
    );
    return;
  }
  if (tzid && !like.isDate && !property.getParameter('tzid')) property.setParameter('tzid', tzid);
  property.setValue(timeLike(instant, like, tzid, defaultZone));
}

/** The override of one instance of a series, made from the series as that instance is. */
function newOverride(master: Component, instance: string, defaultZone: string): Component {
  const override = new ICAL.Component(JSON.parse(JSON.stringify(master.toJSON())) as unknown[]);
  for (const name of PROPERTIES_OF_A_SERIES) override.removeAllProperties(name);
  const start = master.getFirstPropertyValue('dtstart') as Time;
  const tzid = tzidOf(master, 'dtstart');
  const original = new Date(
    Date.UTC(
      Number(instance.slice(0, 4)),
      Number(instance.slice(4, 6)) - 1,
      Number(instance.slice(6, 8)),
      Number(instance.slice(9, 11)),
      Number(instance.slice(11, 13)),
      Number(instance.slice(13, 15)),
    ),
  );
  const shift = original.getTime() - instantOf(start, tzid, defaultZone).start.getTime();
  const rid = override.addPropertyWithValue('recurrence-id', timeLike(original, start, tzid, defaultZone));
  if (tzid && !start.isDate) rid.setParameter('tzid', tzid);
  override.updatePropertyWithValue('dtstart', timeLike(original, start, tzid, defaultZone));
  const end = master.getFirstPropertyValue('dtend') as Time | null;
  if (end) {
    const endTzid = tzidOf(master, 'dtend') ?? tzid;
    const endInstant = new Date(instantOf(end, endTzid, defaultZone).start.getTime() + shift);
    override.updatePropertyWithValue('dtend', timeLike(endInstant, end, endTzid, defaultZone));
  }
  return override;
}

/** The instance key (`20250304T140000Z`) an override's RECURRENCE-ID names. */
function instanceOf(override: Component, master: Component | undefined, defaultZone: string): string {
  const masterStart = master?.getFirstPropertyValue('dtstart') as Time | undefined;
  if (masterStart) alignRecurrenceId(override, masterStart);
  const rid = override.getFirstPropertyValue('recurrence-id') as Time;
  const tzid = tzidOf(override, 'recurrence-id') ?? (master ? tzidOf(master, 'dtstart') : null);
  return basicUtc(instantOf(rid, tzid, defaultZone).start);
}

/** The component a write changes: the event, or the override of the one instance (made if need be). */
function targetOf(calendar: Component, instance: string | null, defaultZone: string): Component {
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = latestVersion(vevents.filter((vevent) => !vevent.hasProperty('recurrence-id')));
  if (!instance) {
    if (!master) throw new Error('the calendar object holds no event to write');
    return master;
  }
  const overrides = vevents.filter((vevent) => {
    if (!vevent.hasProperty('recurrence-id')) return false;
    try {
      return instanceOf(vevent, master, defaultZone) === instance;
    } catch {
      return false; // an override that cannot be read names no instance
    }
  });
  const existing = latestVersion(overrides);
  if (existing) return existing;
  if (!master) throw new Error(`the series of the instance ${instance} is not in the calendar object`);
  const override = newOverride(master, instance, defaultZone);
  calendar.addSubcomponent(override);
  return override;
}

/**
 * An ICS calendar object (one event, or one series with its overrides) with the edit written
 * in, by event-format.md ("Writing back"): SUMMARY, DESCRIPTION lines, LOCATION, DTSTART/DTEND,
 * STATUS:CANCELLED; one instance of a series as its override (RECURRENCE-ID), never the
 * series. Every other property and component stays as it was; the texts are set by
 * setIcsText, so no value can add a property or a component.
 */
export function editIcsEvent(
  icsText: string,
  instance: string | null,
  edit: EventEdit,
  defaultZone: string,
): string {
  const calendar = new ICAL.Component(ICAL.parse(icsText.replace(/^\uFEFF/, '')) as unknown[]);
  const event = targetOf(calendar, instance, defaultZone);

  const summary = summaryAfter(textOf(event, 'summary'), edit, false);
  if (summary !== textOf(event, 'summary')) setIcsText(event, 'summary', summary);
  const description = descriptionAfter(textOf(event, 'description'), edit);
  if (description !== textOf(event, 'description')) setIcsText(event, 'description', description);
  if (edit.address !== undefined && edit.address !== textOf(event, 'location').trim())
    setIcsText(event, 'location', edit.address);
  if (edit.cancelled === true) event.updatePropertyWithValue('status', 'CANCELLED');
  if (edit.cancelled === false && textOf(event, 'status').toUpperCase() === 'CANCELLED')
    event.removeAllProperties('status');

  const startTime = event.getFirstPropertyValue('dtstart') as Time;
  const endTime = event.getFirstPropertyValue('dtend') as Time | null;
  const { allDay, end } = timesOf(edit, {
    allDay: startTime.isDate,
    days: daysBetweenDates(startTime.toString(), endTime?.isDate ? endTime.toString() : null),
  });
  if (edit.start) setTime(event, 'dtstart', edit.start, allDay, defaultZone);
  if (end === null) event.removeAllProperties('dtend');
  else if (end) {
    event.removeAllProperties('duration');
    setTime(event, 'dtend', end, allDay, defaultZone);
  }
  if (event.hasProperty('dtstamp'))
    event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(), true));
  if (event.hasProperty('last-modified'))
    event.updatePropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(), true));
  return calendar.toString();
}
