import { NO_FILTERS, filterLeads, prepareSearch, type LeadFilters } from './leadFilters';
import { createNarrowingFilter } from './narrowingFilter';
import type { LeadRow } from './leadTypes';

const row = (id: number, customerName: string, auditor = 'Sam'): LeadRow =>
  ({
    id,
    leadId: `lead-${id}`,
    customerName,
    auditor,
    scheduledDate: '2025-03-0' + ((id % 9) + 1) + 'T15:00:00.000Z',
    status: 'Scheduled',
    referredBy: '',
    mergedLeadIds: [],
  }) as unknown as LeadRow;

const rows = [row(1, 'Maria 12'), row(2, 'Maria 123'), row(3, 'Tom 2', 'Alex'), row(4, 'Maria 1')];
const ids = (list: LeadRow[]) => list.map((lead) => lead.id);

describe('createNarrowingFilter', () => {
  it('answers what filterLeads answers, letter by letter and when the search shrinks or changes', () => {
    const filter = createNarrowingFilter();
    const searches = ['m', 'ma', 'maria 1', 'maria 12', 'maria 123', 'maria 12', 'tom', 'o', '', 'maria'];
    for (const search of searches) {
      const filters = { ...NO_FILTERS, search };
      expect([search, ids(filter(rows, filters))]).toEqual([search, ids(filterLeads(rows, filters))]);
    }
  });

  it('looks through only the rows the previous search kept while the search grows', () => {
    const lookedAt: number[] = [];
    const filter = createNarrowingFilter((list, filters) => {
      lookedAt.push(list.length);
      return filterLeads(list, filters);
    });
    filter(rows, { ...NO_FILTERS, search: 'maria 1' });
    filter(rows, { ...NO_FILTERS, search: 'maria 12' });
    expect(ids(filter(rows, { ...NO_FILTERS, search: 'maria 123' }))).toEqual([2]);
    filter(rows, { ...NO_FILTERS, search: 'maria' });
    expect(lookedAt).toEqual([4, 3, 2, 4]);
  });

  it('starts over from all the rows when another filter changes or the rows are new', () => {
    const filter = createNarrowingFilter();
    const search = (more: Partial<LeadFilters>) => ({ ...NO_FILTERS, search: 'maria', ...more });
    expect(ids(filter(rows, search({ columns: { customerName: '123' } })))).toEqual([2]);
    expect(ids(filter(rows, search({ search: 'maria 1' })))).toEqual([1, 2, 4]);
    expect(ids(filter(rows, search({ search: 'tom', columns: { auditor: 'alex' } })))).toEqual([3]);
    const fresh = [...rows, row(5, 'Tom 9', 'Alex')];
    expect(ids(filter(fresh, search({ search: 'tom', columns: { auditor: 'alex' } })))).toEqual([3, 5]);
  });

  describe('over rows whose search is prepared (prepareSearch)', () => {
    // 40 rows: 'maria' keeps 36, 'maria 1' 11 (more than an eighth), 't' 4 (less)
    const many = Array.from({ length: 40 }, (_, at) => row(at + 1, at < 36 ? `Maria ${at}` : `Tom ${at}`));
    prepareSearch(many);

    it('answers what filterLeads answers when the search grows, shrinks or changes', () => {
      const filter = createNarrowingFilter();
      const searches = [
        'm',
        'ma',
        'maria',
        'maria 1',
        'maria 12',
        'maria 1',
        'maria',
        'tom',
        'tom 1',
        'o',
        '',
      ];
      for (const search of searches) {
        const filters = { ...NO_FILTERS, search };
        expect([search, ids(filter(many, filters))]).toEqual([search, ids(filterLeads(many, filters))]);
      }
    });

    it('scans all the rows again after a wide answer, and looks through a narrow one', () => {
      const lookedAt: number[] = [];
      const filter = createNarrowingFilter((list, filters) => {
        lookedAt.push(list.length);
        return filterLeads(list, filters);
      });
      filter(many, { ...NO_FILTERS, search: 'maria' });
      filter(many, { ...NO_FILTERS, search: 'maria 1' });
      expect(ids(filter(many, { ...NO_FILTERS, search: 'maria 15' }))).toEqual([16]);
      filter(many, { ...NO_FILTERS, search: 't' });
      expect(ids(filter(many, { ...NO_FILTERS, search: 'tom 3' }))).toEqual([37, 38, 39, 40]);
      expect(lookedAt).toEqual([40, 40, 40, 40, 4]);
    });
  });
});
