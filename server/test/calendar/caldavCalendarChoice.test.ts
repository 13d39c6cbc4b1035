import { chooseCaldavCalendar } from '../../src/features/calendar/caldav/caldavCalendarChoice';

const ACCOUNT = 'https://dav.example.com/office/';
const audits = { url: 'https://dav.example.com/office/audits/', displayName: 'Audits' };
const personal = { url: 'https://dav.example.com/office/personal/', displayName: 'Personal' };

describe('chooseCaldavCalendar', () => {
  it('takes the only calendar when none is named', () => {
    expect(chooseCaldavCalendar([audits], undefined, ACCOUNT)).toBe(audits);
  });

  it('finds one by display name in any case, or by URL, absolute or from the account', () => {
    expect(chooseCaldavCalendar([audits, personal], ' audits ', ACCOUNT)).toBe(audits);
    expect(chooseCaldavCalendar([audits, personal], 'https://dav.example.com/office/personal', ACCOUNT)).toBe(
      personal,
    );
    expect(chooseCaldavCalendar([audits, personal], '/office/audits/', ACCOUNT)).toBe(audits);
  });

  it('uses a URL it did not discover as given (a calendar shared from elsewhere)', () => {
    expect(chooseCaldavCalendar([audits], 'https://dav.example.com/shared/team/', ACCOUNT)).toEqual({
      url: 'https://dav.example.com/shared/team/',
      displayName: 'https://dav.example.com/shared/team/',
    });
  });

  it('names the calendars to choose from', () => {
    expect(() => chooseCaldavCalendar([audits, personal], undefined, ACCOUNT)).toThrow(
      'The CalDAV account at dav.example.com has 2 calendars ("Audits", "Personal"): set CALDAV_CALENDAR to the one to sync',
    );
    expect(() => chooseCaldavCalendar([audits], 'Holidays', ACCOUNT)).toThrow(
      'The CalDAV account at dav.example.com has no calendar named "Holidays" (CALDAV_CALENDAR); it has "Audits"',
    );
    expect(() => chooseCaldavCalendar([], undefined, ACCOUNT)).toThrow('has no calendars with events');
  });

  it('asks for a URL when two calendars share the name', () => {
    const twin = { url: 'https://dav.example.com/office/audits-2/', displayName: 'Audits' };
    expect(() => chooseCaldavCalendar([audits, twin], 'Audits', ACCOUNT)).toThrow(
      /has 2 calendars named "Audits": set CALDAV_CALENDAR to the path of one \(\/office\/audits\/, \/office\/audits-2\/\)/,
    );
  });
});
