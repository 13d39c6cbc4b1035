import { minuteInput, minuteProblem, minuteRange, scheduleText } from './backupRules';

describe('the schedule in words', () => {
  it.each([
    ['0 * * * *', 'Every hour, on the hour'],
    ['30 * * * *', 'At 30 minutes past the hour'],
    ['0 */6 * * *', 'On the hour, every 6 hours'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 3 * * *', 'At 03:00 (Europe/Berlin time)'],
    ['15 2 * * 1-5', 'At 02:15, Monday through Friday (Europe/Berlin time)'],
    ['0 0 3 * * *', 'At 03:00 (Europe/Berlin time)'],
  ])('reads %s as “%s”', (cron, words) => {
    expect(scheduleText(cron, 'Europe/Berlin')).toBe(words);
  });

  it('says Off for none, and shows an expression it cannot read as it is', () => {
    expect(scheduleText(null, 'UTC')).toBe('Off');
    expect(scheduleText('every tuesday', 'UTC')).toBe('every tuesday');
  });
});

describe('the minute of a Time Travel restore', () => {
  it('is the viewer’s wall clock to the minute, within the days Time Travel keeps', () => {
    const now = new Date(2026, 10, 28, 9, 5, 42);
    expect(minuteInput(now)).toBe('2026-11-28T09:05');
    expect(minuteRange(30, now)).toEqual({ min: '2026-10-29T09:05', max: '2026-11-28T09:05' });
    expect(minuteProblem(new Date(2026, 10, 28, 9, 0), 30, now)).toBeNull();
    expect(minuteProblem(new Date(2026, 10, 28, 9, 6), 30, now)).toBe('That minute has not come yet.');
    expect(minuteProblem(new Date(2026, 9, 1), 30, now)).toBe('Time Travel keeps the last 30 days only.');
    expect(minuteProblem(new Date(''), 30, now)).toBe('Enter a date and a time.');
  });
});
