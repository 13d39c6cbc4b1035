import { shiftDay, type Agenda, type AgendaVisit } from '@auditdesk/shared/core';
import ICAL from 'ical.js';
import { setIcsText } from '../../../platform/ics/icsText';

/** A visit without an end time is shown as an hour long, as the calendars book them. */
const DEFAULT_VISIT_MS = 3_600_000;

const utc = (instant: string) => ICAL.Time.fromJSDate(new Date(instant), true);

/** A visit's DESCRIPTION: its details, a `Label: value` line each. */
export function visitDescription(visit: AgendaVisit): string {
  return [
    ['Phone', visit.phoneNumber],
    ['House type', visit.houseType],
    ['Heating fuel', visit.heatingFuel],
    ['Provider', visit.provider],
    ['Status', visit.status],
    ['Comments', visit.comments],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

/**
 * The agenda as an iCalendar file (RFC 5545) an auditor's phone can open: one VEVENT per
 * visit, times in UTC, the address as LOCATION, the lead's details in DESCRIPTION. A UID
 * per lead, so a second import updates the visits instead of doubling them.
 */
export function agendaCalendar(agenda: Agenda, now = new Date()): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Auditdesk//Agenda//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  setIcsText(calendar, 'x-wr-calname', `${agenda.auditor} · ${agenda.from} – ${agenda.to}`);
  for (const visit of agenda.visits) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `lead-${visit.id}@auditdesk`);
    event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
    if (visit.allDay) {
      // a day is a day on every phone, whatever its zone (VALUE=DATE; DTEND the day after)
      event.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(visit.day));
      event.addPropertyWithValue('dtend', ICAL.Time.fromDateString(shiftDay(visit.day, 1)));
    } else {
      event.addPropertyWithValue('dtstart', utc(visit.scheduledDate));
      const end =
        visit.endDate && visit.endDate > visit.scheduledDate
          ? visit.endDate
          : new Date(Date.parse(visit.scheduledDate) + DEFAULT_VISIT_MS).toISOString();
      event.addPropertyWithValue('dtend', utc(end));
    }
    // each text as TEXT can carry it: a lead's or a calendar's value adds no line of its own
    setIcsText(event, 'summary', visit.customerName);
    setIcsText(event, 'location', visit.address);
    setIcsText(event, 'description', visitDescription(visit));
    calendar.addSubcomponent(event);
  }
  // ical.js folds and ends lines in CRLF (RFC 5545 §3.1), all but the last
  return `${calendar.toString()}\r\n`;
}
