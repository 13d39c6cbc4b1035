import type { LeadHistoryEntry } from '@auditdesk/shared';
import { describeHistoryEntry } from './describeHistoryEntry';

const entry = (kind: LeadHistoryEntry['kind'], by: LeadHistoryEntry['by']): LeadHistoryEntry => ({
  id: 1,
  leadId: 1,
  kind,
  field: 'phoneNumber',
  oldValue: '(617) 555-0142',
  newValue: '(617) 555-0100',
  at: '2025-03-04T12:00:00Z',
  by,
  action: null,
});

describe('history of write-back', () => {
  it('says whose change was written to the calendar', () => {
    expect(
      describeHistoryEntry(entry('written-back', { kind: 'user', userId: 4, name: 'Dana Brooks' })),
    ).toBe('Dana Brooks’s change of Phone Number to (617) 555-0100 was written to the calendar');
  });

  it('says a write found the calendar changed too', () => {
    expect(describeHistoryEntry(entry('write-conflict', { kind: 'user', userId: null, name: null }))).toBe(
      'Writing to the calendar found Phone Number changed there from (617) 555-0142 to (617) 555-0100, and changed here too: needs review',
    );
  });
});
