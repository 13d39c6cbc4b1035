import type { ApiLead } from '../leadTypes';
import { answeredLeads } from './answeredLeads';

const lead = (id: number, status = 'Scheduled'): ApiLead =>
  ({
    id,
    leadId: `l${id}`,
    source: 'calendar',
    isFormatted: true,
    status,
    auditor: 'Sam',
    version: id,
  }) as ApiLead;

describe('the leads as an answer leaves them', () => {
  const leads = [lead(1), lead(2), lead(3)];

  it('a change: the changed leads take the values sent, trimmed, at the versions answered', () => {
    const after = answeredLeads.changed(leads, { status: ' Cancelled ' }, [
      { id: 1, version: 11 },
      { id: 3, version: 13 },
    ]);
    expect(after.map(({ id, status, version }) => [id, status, version])).toEqual([
      [1, 'Cancelled', 11],
      [2, 'Scheduled', 2],
      [3, 'Cancelled', 13],
    ]);
    expect(after[1]).toBe(leads[1]);
  });

  it('a delete: the deleted leads gone', () => {
    expect(answeredLeads.deleted(leads, [{ id: 2, version: 5 }]).map((one) => one.id)).toEqual([1, 3]);
  });

  it('an undo: the leads as they were, at their new versions, back in place or back in the list', () => {
    const changed = answeredLeads.changed(leads, { status: 'Cancelled' }, [{ id: 1, version: 11 }]);
    const undone = answeredLeads.restored(changed, [lead(1)], [{ id: 1, version: 12 }]);
    expect(undone.map(({ id, status, version }) => [id, status, version])).toEqual([
      [1, 'Scheduled', 12],
      [2, 'Scheduled', 2],
      [3, 'Scheduled', 3],
    ]);

    const deleted = answeredLeads.deleted(leads, [{ id: 2, version: 5 }]);
    const back = answeredLeads.restored(deleted, [lead(2)], [{ id: 2, version: 6 }]);
    expect(back.map(({ id, version }) => [id, version])).toEqual([
      [1, 1],
      [3, 3],
      [2, 6],
    ]);
    // a lead nobody kept (an undo from the history) is left to the list read again
    expect(answeredLeads.restored(deleted, [], [{ id: 2, version: 6 }])).toEqual(deleted);
  });
});
