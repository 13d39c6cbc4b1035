import { findDuplicates, type DuplicateSource } from '../../src/features/leads/duplicates/findDuplicates';

const lead = (id: number, overrides: Partial<DuplicateSource> = {}): DuplicateSource => ({
  id,
  leadId: `lead-${id}`,
  customerName: `Customer ${id}`,
  address: '',
  email: '',
  phoneNumber: '',
  scheduledDate: null,
  allDay: false,
  isFormatted: true,
  ...overrides,
});

describe('the duplicates pass', () => {
  it('stays linear in a huge group: 40,000 leads behind one office number, some pairs dismissed', () => {
    const leads = Array.from({ length: 40_000 }, (_, index) =>
      lead(index + 1, { phoneNumber: '617 555 0100' }),
    );
    const dismissed = [
      { a: 1, b: 2 },
      { a: 3, b: 40_000 },
    ];
    const found = findDuplicates(leads, dismissed);
    expect(found.groups).toHaveLength(1);
    expect(found.groups[0]!.leadIds).toHaveLength(40_000);
    expect(found.dismissed).toEqual(dismissed);
  });

  it('lets a lead go from a group only when all its pairs there are dismissed', () => {
    const leads = [1, 2, 3, 4].map((id) => lead(id, { email: 'same@example.com' }));
    const found = findDuplicates(leads, [
      { a: 1, b: 2 },
      { a: 1, b: 3 },
      { a: 1, b: 4 },
      { a: 2, b: 3 },
    ]);
    expect(found.groups.map((group) => [...group.leadIds].sort())).toEqual([[2, 3, 4]]);
    expect(found.dismissed).toEqual([{ a: 2, b: 3 }]);
    expect(found.leads.map((one) => one.id).sort()).toEqual([2, 3, 4]);
  });
});
