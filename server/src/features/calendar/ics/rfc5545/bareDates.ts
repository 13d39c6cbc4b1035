/**
 * `DTSTART:20250704` (a date written without `VALUE=DATE`, common in holiday and booking
 * exports) is a date: its form leaves no doubt. ical.js 2.2.1 reads it as an invalid
 * date-time and drops the event, so the parameter is added before parsing
 * (event-format.md, "Calendars as they really are", in ../shared/docs).
 */
const BARE_DATE_LINE =
  /^(DTSTART|DTEND|DUE|RECURRENCE-ID|EXDATE|RDATE)((?:;[^:\r\n]*)?):(\d{8}(?:,\d{8})*)(\r?)$/gim;

export function markBareDates(text: string): string {
  if (!/:\d{8}\r?$/m.test(text)) return text;
  return text.replace(BARE_DATE_LINE, (line, name: string, params: string, value: string, cr: string) =>
    /;VALUE=/i.test(params) ? line : `${name}${params};VALUE=DATE:${value}${cr}`,
  );
}
