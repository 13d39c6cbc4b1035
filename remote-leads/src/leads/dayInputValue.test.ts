import { dateOfDay, dayOfDate, parseTypedDay } from './dayInputValue';

describe('a day between the URL and the date box', () => {
  it('reads what a person types: mm/dd/yyyy, m/d/yy or yyyy-mm-dd, and only real days', () => {
    expect(dayOfDate(parseTypedDay('12/01/2026'))).toBe('2026-12-01');
    expect(dayOfDate(parseTypedDay(' 3/7/26 '))).toBe('2026-03-07');
    expect(dayOfDate(parseTypedDay('2026-02-28'))).toBe('2026-02-28');
    for (const unfinished of ['12/01/202', '02/30/2026', '2026-13-01', '12/01', 'tomorrow', ''])
      expect(parseTypedDay(unfinished)).toBeNull();
  });

  it('keeps the day as it is, whatever the time zone (local midnight there and back)', () => {
    expect(dayOfDate(dateOfDay('2026-12-01'))).toBe('2026-12-01');
    expect(dateOfDay('')).toBeNull();
    expect(dateOfDay('2026-02-30')).toBeNull();
    expect(dayOfDate(null)).toBe('');
  });
});
