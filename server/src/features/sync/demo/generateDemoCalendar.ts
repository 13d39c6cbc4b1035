import ICAL from 'ical.js';
import {
  APPOINTMENT_HOURS,
  FIRST_NAMES,
  FUEL_SPELLINGS,
  HOUSE_TYPE_SPELLINGS,
  LAST_NAMES,
  PROVIDER_SPELLINGS,
  SCHEDULERS,
  STREETS,
  TOWNS,
} from './demoVocabulary';
import { seededRandom } from '@auditdesk/shared/core';

const DAY_MS = 24 * 3600 * 1000;
const ZONE = 'America/New_York';

export interface DemoCalendarOptions {
  today: Date;
  /** The two compared auditors, and one more whose leads the grid ignores. */
  auditors: readonly [string, string];
  thirdAuditor?: string;
  seed?: number;
}

/** The span the demo covers, relative to today: about 18 months back, 2 months ahead. */
export function demoSpan(today: Date): { startDate: string; endDate: string } {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 18, 1));
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, today.getUTCDate()));
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

const icalTime = (day: Date, hour: number) =>
  ICAL.Time.fromData({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour,
    minute: 0,
    second: 0,
  });

function addEvent(
  calendar: InstanceType<typeof ICAL.Component>,
  fields: {
    uid: string;
    start: InstanceType<typeof ICAL.Time>;
    summary: string;
    description: string;
    /** The visit's address (LOCATION). */
    location: string;
    status?: string;
    rrule?: string;
    exdate?: InstanceType<typeof ICAL.Time>;
    recurrenceId?: InstanceType<typeof ICAL.Time>;
  },
) {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', fields.uid);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(Date.UTC(2024, 0, 1)), true));
  const zoned = (name: string, time: InstanceType<typeof ICAL.Time>) => {
    const property = event.addPropertyWithValue(name, time);
    property.setParameter('tzid', ZONE);
  };
  if (fields.recurrenceId) zoned('recurrence-id', fields.recurrenceId);
  zoned('dtstart', fields.start);
  const end = fields.start.clone();
  end.hour += 1;
  zoned('dtend', end);
  if (fields.rrule) event.addPropertyWithValue('rrule', ICAL.Recur.fromString(fields.rrule));
  if (fields.exdate) zoned('exdate', fields.exdate);
  event.addPropertyWithValue('summary', fields.summary);
  event.addPropertyWithValue('description', fields.description);
  event.addPropertyWithValue('location', fields.location);
  event.addPropertyWithValue(
    'url',
    `https://calendar.auditdesk.example/event/${encodeURIComponent(fields.uid)}`,
  );
  if (fields.status) event.addPropertyWithValue('status', fields.status);
  calendar.addSubcomponent(event);
}

/**
 * A realistic, deterministic calendar of audit appointments around `today`: weekday
 * appointments for the two auditors and a few for a third, about 8% cancelled and 5%
 * typed without the required lines, plus a recurring series with a moved, a cancelled
 * and a removed instance.
 */
export function generateDemoCalendar({
  today,
  auditors,
  thirdAuditor = 'Pat Morgan',
  seed = 20251121,
}: DemoCalendarOptions): string {
  const random = seededRandom(seed);
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Auditdesk//Demo calendar//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('x-wr-calname', 'Home energy audits');
  calendar.addPropertyWithValue('x-wr-timezone', ZONE);

  const span = demoSpan(today);
  const first = Date.parse(`${span.startDate}T00:00:00Z`);
  const last = Date.parse(`${span.endDate}T00:00:00Z`);
  let serial = 0;

  for (let at = first; at <= last; at += DAY_MS) {
    const day = new Date(at);
    const weekday = day.getUTCDay();
    if (weekday === 0 || (weekday === 6 && !random.chance(0.3))) continue;
    for (const hour of APPOINTMENT_HOURS) {
      for (const auditor of auditors) {
        if (!random.chance(weekday === 6 ? 0.35 : 0.62)) continue;
        serial += 1;
        const who = random.chance(0.05) ? thirdAuditor : auditor;
        const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
        const past = at < today.getTime() - DAY_MS;
        const cancelled = random.chance(0.08);
        const unformatted = random.chance(0.05);
        const lines = [
          unformatted && random.chance(0.5) ? null : `Auditor: ${who}`,
          `House Type: ${unformatted ? 'condo?' : random.pick(random.weighted(HOUSE_TYPE_SPELLINGS))}`,
          `Phone: (617) 555-${String(1000 + (serial % 9000)).padStart(4, '0')}`,
          `Fuel: ${random.pick(random.weighted(FUEL_SPELLINGS))}`,
          `Provider: ${random.pick(random.weighted(PROVIDER_SPELLINGS))}`,
          random.chance(0.3) ? `Referred By: ${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}` : null,
          `Scheduled By: ${random.pick(SCHEDULERS)}`,
          past && !cancelled ? `Status: ${random.chance(0.85) ? 'completed' : 'no show'}` : null,
          random.chance(0.2)
            ? `Notes: ${random.pick(TOWNS)}, ${random.pick(['side door', 'dog on site', 'call on arrival', 'basement access via garage'])}`
            : null,
        ];
        const cancelledInSummary = cancelled && random.chance(0.5);
        addEvent(calendar, {
          uid: `demo-${String(serial).padStart(6, '0')}@auditdesk.example`,
          start: icalTime(day, hour),
          summary: cancelledInSummary ? `Cancelled: ${name}` : name,
          description: lines.filter(Boolean).join('\n'),
          // from the serial, not the random sequence: the rest of the calendar stays as it was
          location: `${10 + ((serial * 37) % 190)} ${STREETS[serial % STREETS.length]}, ${TOWNS[serial % TOWNS.length]}, MA`,
          status: cancelled && !cancelledInSummary ? 'CANCELLED' : undefined,
        });
      }
    }
  }

  // A landlord's weekly follow-up series through today: one instance moved, one
  // cancelled, one removed.
  const seriesStart = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 42),
  );
  const seriesDay = (week: number) => new Date(seriesStart.getTime() + week * 7 * DAY_MS);
  const uid = 'demo-series-landlord@auditdesk.example';
  const LANDLORD_ADDRESS = '41 Dorchester Ave, Boston, MA';
  const description = `Auditor: ${auditors[0]}\nHouse Type: 3 Family\nPhone: (617) 555-0199\nFuel: Gas\nProvider: National Grid\nScheduled By: Maria\nNotes: weekly follow-up on the triple-decker`;
  addEvent(calendar, {
    uid,
    start: icalTime(seriesDay(0), 10),
    summary: 'Walsh Properties',
    description,
    location: LANDLORD_ADDRESS,
    rrule: 'FREQ=WEEKLY;COUNT=12',
    exdate: icalTime(seriesDay(3), 10),
  });
  addEvent(calendar, {
    uid,
    recurrenceId: icalTime(seriesDay(2), 10),
    start: icalTime(new Date(seriesDay(2).getTime() + DAY_MS), 14),
    summary: 'Walsh Properties (moved)',
    description,
    location: LANDLORD_ADDRESS,
  });
  addEvent(calendar, {
    uid,
    recurrenceId: icalTime(seriesDay(5), 10),
    start: icalTime(seriesDay(5), 10),
    summary: 'Walsh Properties',
    description,
    location: LANDLORD_ADDRESS,
    status: 'CANCELLED',
  });

  return calendar.toString().replace(/\r?\n/g, '\r\n') + '\r\n';
}
