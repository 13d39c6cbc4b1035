import { CalendarFileError } from '../ics/readIcsEvents';

const MAX_REDIRECTS = 5;

/** Error text for a hop off the allowed origins; the credentials never went there. */
function leftOrigins(target: URL, home: string): CalendarFileError {
  return new CalendarFileError(
    `The CalDAV server pointed the sync to ${target.origin}, another server than ${home}. ` +
      `The account's password is sent to ${home} only; if ${target.origin} belongs to the same ` +
      'service, name it in CALDAV_ALLOWED_ORIGINS.',
  );
}

/**
 * A fetch that sends the account's credentials to CALDAV_URL's origin (and those named in
 * CALDAV_ALLOWED_ORIGINS) only. A CalDAV server tells where the principal, the calendar home
 * and the calendars are, and may redirect: any of those may name another server, which would
 * otherwise receive the Basic credentials. Redirects are followed here, hop by hop, each hop
 * checked first.
 */
export function fetchWithinOrigins(
  fetch: typeof globalThis.fetch,
  accountUrl: string,
  allowed: readonly string[] = [],
): typeof globalThis.fetch {
  const home = new URL(accountUrl).origin;
  const origins = new Set([home, ...allowed.map((origin) => new URL(origin).origin)]);
  const check = (url: URL) => {
    if (!origins.has(url.origin)) throw leftOrigins(url, home);
  };
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    check(url);
    // a caller that reads redirects itself (tsdav's discovery) gets them as they are
    if (init.redirect === 'manual') return fetch(url, init);
    for (let hop = 0; ; hop += 1) {
      const response = await fetch(url, { ...init, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      if (hop === MAX_REDIRECTS)
        throw new CalendarFileError(`The CalDAV server redirected more than ${MAX_REDIRECTS} times.`);
      url = new URL(location, url);
      check(url);
    }
  };
}
