import { CalendarLimitError } from '../../../../platform/config/calendarLimits';

export interface EventName {
  uid: string;
  summary: string;
}

const named = ({ uid, summary }: EventName) => `The event "${summary || '(no title)'}" (UID ${uid})`;
const count = (value: number) => value.toLocaleString('en-US');

export const subHourlyRule = (event: EventName, freq: string) =>
  new CalendarLimitError(
    'allowSubHourlyRules',
    `${named(event)} repeats more often than hourly (FREQ=${freq}); rules finer than hourly are not synced.`,
  );

export const tooManyOccurrences = (event: EventName, limit: number) =>
  new CalendarLimitError(
    'occurrencesPerSeries',
    `${named(event)} has more than ${count(limit)} occurrences in the synced range, the limit for one series.`,
  );

export const tooLongAWalk = (event: EventName, limit: number) =>
  new CalendarLimitError(
    'occurrencesPerSeries',
    `${named(event)} repeats more than ${count(limit)} times before the synced range; it cannot be expanded within the limits.`,
  );

export const tooManyEvents = (event: EventName, limit: number) =>
  new CalendarLimitError(
    'eventsPerRun',
    `The calendar holds more than ${count(limit)} events in the synced range, the limit for one run (reached at ${named(event).replace(/^The event/, 'the event')}).`,
  );

export const tooLongText = (event: EventName, field: string, length: number, limit: number) =>
  new CalendarLimitError(
    'textLength',
    `${named(event)} has a ${field} of ${count(length)} characters, over the limit of ${count(limit)} for one text field.`,
  );
