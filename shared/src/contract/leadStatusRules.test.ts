import {
  isCancelledStatus,
  isScheduledStatus,
  SCHEDULED_MEANING,
  SCHEDULED_STATUSES,
} from './leadStatusRules';

describe('what a status counts as', () => {
  it('counts Scheduled and Completed as Scheduled, read ignoring case and spaces', () => {
    expect(SCHEDULED_STATUSES).toEqual(['Scheduled', 'Completed']);
    for (const status of ['Scheduled', 'Completed', 'completed', ' SCHEDULED '])
      expect(isScheduledStatus(status)).toBe(true);
    for (const status of [
      'Cancelled',
      'New',
      '',
      'No Show',
      'Rescheduled',
      'Scheduled later',
      null,
      undefined,
    ])
      expect(isScheduledStatus(status)).toBe(false);
  });

  it('counts only Cancelled as Cancelled, and never a lead as both', () => {
    expect(isCancelledStatus('CANCELLED')).toBe(true);
    expect(isCancelledStatus('Canceled?')).toBe(false);
    for (const status of ['Scheduled', 'Completed', 'Cancelled', 'New'])
      expect(isScheduledStatus(status) && isCancelledStatus(status)).toBe(false);
  });

  it('says in the tooltip exactly the statuses it counts', () => {
    expect(SCHEDULED_MEANING).toBe(
      'Leads whose status is Scheduled or Completed: every booked visit, whether it has taken place yet or not.',
    );
  });
});
