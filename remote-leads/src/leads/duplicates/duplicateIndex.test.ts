import type { PossibleDuplicates } from '@auditdesk/shared';
import { groupedDuplicates, indexDuplicates } from './duplicateIndex';

const lead = (id: number) => ({
  id,
  leadId: `l${id}`,
  customerName: `Customer ${id}`,
  scheduledDate: null,
  allDay: false,
  isFormatted: true,
});

// 1, 2, 3 share a phone (1–2 dismissed), 3 and 4 an e-mail; 5 and 6 their name and address
const ANSWER: PossibleDuplicates = {
  groups: [
    { reason: 'nameAndAddress', cluster: 0, leadIds: [6, 5] },
    { reason: 'phone', cluster: 1, leadIds: [3, 2, 1] },
    { reason: 'email', cluster: 1, leadIds: [4, 3] },
  ],
  dismissed: [{ a: 1, b: 2 }],
  leads: [6, 5, 4, 3, 2, 1].map(lead),
};

describe('the possible duplicates by lead', () => {
  const index = indexDuplicates(ANSWER);

  it('names only the leads a lead shares a key with, with every reason, and never a dismissed pair', () => {
    const names = (id: number) =>
      index.matchesOf(id).map(({ lead: other, reasons }) => `${other.customerName}: ${reasons.join(', ')}`);
    expect(names(1)).toEqual(['Customer 3: phone']);
    expect(names(2)).toEqual(['Customer 3: phone']);
    expect(names(3)).toEqual(['Customer 4: email', 'Customer 2: phone', 'Customer 1: phone']);
    // 4 reaches 1 and 2 only through 3: not a duplicate of theirs
    expect(names(4)).toEqual(['Customer 3: email']);
    expect(index.matchesOf(7)).toEqual([]);
    expect([index.has(1), index.has(6), index.has(7)]).toEqual([true, true, false]);
  });

  it('lists only the leads with duplicates, cluster by cluster, keeping the order within one', () => {
    const rows = [1, 7, 4, 5, 3, 8, 6, 2].map((id) => ({ id }));
    expect(groupedDuplicates(rows, index).map((row) => row.id)).toEqual([5, 6, 1, 4, 3, 2]);
    expect(groupedDuplicates(rows, null)).toEqual([]);
  });
});
