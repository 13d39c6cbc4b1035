import { CalendarFileError } from '../ics/readIcsEvents';

export interface CaldavCalendar {
  url: string;
  displayName: string;
}

const sameUrl = (a: string, b: string) => {
  const normal = (url: string) => decodeURIComponent(new URL(url).href).replace(/\/?$/, '/');
  return normal(a) === normal(b);
};

const listed = (calendars: CaldavCalendar[]) =>
  calendars.map((calendar) => `"${calendar.displayName || new URL(calendar.url).pathname}"`).join(', ');

/**
 * The calendar to sync among the account's event calendars: the one CALDAV_CALENDAR names
 * (display name, any case, or URL, absolute or relative to the account URL), or the
 * account's only one. Anything else fails the run with the names to choose from.
 */
export function chooseCaldavCalendar(
  calendars: CaldavCalendar[],
  wanted: string | undefined,
  accountUrl: string,
): CaldavCalendar {
  const account = `The CalDAV account at ${new URL(accountUrl).host}`;
  if (wanted && /^(https?:\/\/|\/)/i.test(wanted)) {
    const url = new URL(wanted, accountUrl).href;
    return calendars.find((calendar) => sameUrl(calendar.url, url)) ?? { url, displayName: wanted };
  }
  if (wanted) {
    const named = calendars.filter(
      (calendar) => calendar.displayName.trim().toLowerCase() === wanted.trim().toLowerCase(),
    );
    if (named.length === 1) return named[0]!;
    if (named.length > 1)
      throw new CalendarFileError(
        `${account} has ${named.length} calendars named "${wanted}": set CALDAV_CALENDAR to the path of one (${named.map((calendar) => new URL(calendar.url).pathname).join(', ')})`,
      );
    throw new CalendarFileError(
      `${account} has no calendar named "${wanted}" (CALDAV_CALENDAR); it has ${calendars.length ? listed(calendars) : 'none'}`,
    );
  }
  if (calendars.length === 1) return calendars[0]!;
  if (calendars.length === 0) throw new CalendarFileError(`${account} has no calendars with events`);
  throw new CalendarFileError(
    `${account} has ${calendars.length} calendars (${listed(calendars)}): set CALDAV_CALENDAR to the one to sync`,
  );
}
