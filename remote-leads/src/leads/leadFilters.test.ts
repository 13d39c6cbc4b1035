import { blankLeadFields, defaultLeadsView } from '@auditdesk/shared';
import {
  countLeads,
  filtersKey,
  filtersOf,
  filterLeads,
  hasActiveFilters,
  indexForSearch,
  matchesScheduledDate,
  nextSorting,
  NO_FILTERS,
  prepareSearch,
  sortLeads,
} from './leadFilters';
import { displayStatus, formatDay, statusColor, toLeadRow } from './leadRows';
import type { ApiLead, LeadRow } from './leadTypes';
import { paginate } from './pagination';

function row(overrides: Partial<LeadRow> = {}): LeadRow {
  return toLeadRow({
    ...blankLeadFields(),
    id: 1,
    leadId: 'l1',
    source: 'calendar',
    isFormatted: true,
    customerName: 'Jane Doe',
    address: '',
    endDate: null,
    email: '',
    phoneNumber: '',
    auditor: 'Sam Rivera',
    houseType: '2 Family',
    heatingFuel: 'Gas',
    provider: 'National Grid',
    referredBy: '',
    scheduledBy: 'Maria',
    status: 'Scheduled',
    scheduledDate: '2025-03-04T14:00:00.000Z',
    week: 2,
    linkId: '',
    comments: '',
    lastSyncedAt: null,
    needsReview: false,
    version: 1,
    ...(overrides as Partial<ApiLead>),
  });
}
const ids = (rows: LeadRow[]) => rows.map((item) => item.leadId);

describe('rows', () => {
  it('falls back from customerName to name to e-mail, and from phoneNumber to phone', () => {
    const base = { ...row(), customerName: '', phoneNumber: '' } as unknown as ApiLead;
    expect(toLeadRow({ ...base, name: 'Jo' }).customerName).toBe('Jo');
    expect(toLeadRow({ ...base, email: 'jo@example.com' }).customerName).toBe('jo@example.com');
    expect(toLeadRow({ ...base, phone: '555' }).phoneNumber).toBe('555');
  });

  it.each([
    ['Scheduled', 'green'],
    ['SCHEDULED', 'green'],
    ['cancelled', 'red'],
    ['Completed', 'blue'],
    ['No Show', 'gray'],
    ['', 'gray'],
  ])('status %p gets a %s badge', (status, color) => expect(statusColor(status)).toBe(color));

  it("shows 'New' for an empty status", () => expect(displayStatus('  ')).toBe('New'));

  it('formats the UTC calendar day as mm/dd/yyyy', () => {
    expect(formatDay('2025-03-04T02:00:00.000Z')).toBe('03/04/2025');
    expect(formatDay('')).toBe('');
  });
});

describe('filterLeads', () => {
  const rows = [
    row({ leadId: 'a', scheduledDate: '2025-03-01T00:00:00.000Z' }),
    row({
      leadId: 'b',
      scheduledDate: '2025-03-31T23:59:59.000Z',
      referredBy: 'Tom Lee',
      customerName: 'Bob Smith',
      status: 'cancelled',
    }),
    row({ leadId: 'c', scheduledDate: '2025-04-01T00:00:00.000Z', auditor: 'Alex Chen' }),
    row({ leadId: 'none', scheduledDate: null as unknown as string }),
  ];

  it('keeps UTC calendar days inside the range, both bounds inclusive; a lead without a date is out', () => {
    expect(ids(filterLeads(rows, { ...NO_FILTERS, startDate: '2025-03-01', endDate: '2025-03-31' }))).toEqual(
      ['a', 'b'],
    );
    expect(ids(filterLeads(rows, { ...NO_FILTERS, startDate: '2025-03-31' }))).toEqual(['b', 'c']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, endDate: '2025-03-01' }))).toEqual(['a']);
    expect(ids(filterLeads(rows, NO_FILTERS))).toEqual(['a', 'b', 'c', 'none']);
  });

  it('searches every column by substring, ignoring case', () => {
    expect(ids(filterLeads(rows, { ...NO_FILTERS, search: 'bob' }))).toEqual(['b']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, search: 'ALEX' }))).toEqual(['c']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, search: '2025-04-01' }))).toEqual(['c']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, search: '04/01/2025' }))).toEqual(['c']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, search: 'cancelled' }))).toEqual(['b']);
  });

  it('filters per column, the status as shown', () => {
    expect(ids(filterLeads(rows, { ...NO_FILTERS, columns: { auditor: 'sam' } }))).toEqual([
      'a',
      'b',
      'none',
    ]);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, columns: { status: 'Cancel', auditor: 'sam' } }))).toEqual([
      'b',
    ]);
  });

  it("'Empty' keeps only leads without a referrer; 'Hide' hides them", () => {
    expect(ids(filterLeads(rows, { ...NO_FILTERS, referredBy: 'empty' }))).toEqual(['a', 'c', 'none']);
    expect(ids(filterLeads(rows, { ...NO_FILTERS, referredBy: 'hide' }))).toEqual(['b']);
  });

  it("'Needs review' keeps only the leads a person must decide about", () => {
    const flagged = rows.map((item) => ({ ...item, needsReview: item.leadId === 'c' }));
    expect(ids(filterLeads(flagged, { ...NO_FILTERS, needsReview: true }))).toEqual(['c']);
    expect(hasActiveFilters({ ...NO_FILTERS, needsReview: true })).toBe(true);
  });

  it('answers the same over rows whose search is prepared (one haystack), with every other filter', () => {
    const prepared = [...rows, row({ leadId: 'd', customerName: 'Bob Alexander', auditor: 'Alex Chen' })];
    const plain = [...prepared];
    prepareSearch(prepared);
    const cases = [
      { search: 'bob' },
      { search: 'alex', columns: { auditor: 'alex' } },
      { search: 'ALEX', startDate: '2025-04-01' },
      { search: 'tom lee', referredBy: 'hide' as const },
      { search: 'a', referredBy: 'empty' as const, needsReview: false },
      { search: 'nobody' },
      { search: '' },
    ];
    for (const filters of cases) {
      const all = { ...NO_FILTERS, ...filters };
      expect([filters, ids(filterLeads(prepared, all))]).toEqual([filters, ids(filterLeads(plain, all))]);
    }
    expect(ids(filterLeads(prepared, { ...NO_FILTERS, search: 'bob' }))).toEqual(['b', 'd']);
  });
});

describe("a merged-away lead's Lead ID", () => {
  const rows = [
    row({ id: 1, leadId: 'kept', mergedLeadIds: ['gone-1@example.com'] } as Partial<LeadRow>),
    row({ id: 2, leadId: 'other' }),
  ];
  const found = (filters: Partial<typeof NO_FILTERS>) =>
    ids(filterLeads(rows, { ...NO_FILTERS, ...filters }));

  it('finds the lead it was merged into: a Lead ID filter, typed or exact (a saved view), and the search', () => {
    expect(found({ columns: { leadId: 'gone-1' } })).toEqual(['kept']);
    expect(found({ columns: { leadId: '=gone-1@example.com' } })).toEqual(['kept']);
    expect(found({ search: 'GONE-1@' })).toEqual(['kept']);
    expect(found({ columns: { leadId: '=kept' } })).toEqual(['kept']);
    // "not that lead" is about the row's own Lead ID
    expect(found({ columns: { leadId: '!=gone-1@example.com' } })).toEqual(['kept', 'other']);
  });
});

describe('matchesScheduledDate', () => {
  const iso = '2025-03-04T14:00:00.000Z';
  it.each(['03/04/2025', '2025-03-04', '03/04', '2025-03', '03/0'])('matches %p', (text) =>
    expect(matchesScheduledDate(iso, text)).toBe(true),
  );
  it.each(['04/03/2025', '2025-04-03', '04/03'])('does not match %p', (text) =>
    expect(matchesScheduledDate(iso, text)).toBe(false),
  );
  it('takes a whole date as that day, never as a piece of another one', () => {
    const jan11 = '2027-01-11T14:00:00.000Z';
    const nov20 = '2026-11-20T14:00:00.000Z';
    expect(matchesScheduledDate(jan11, '11/20')).toBe(false);
    expect(matchesScheduledDate(nov20, '11/20')).toBe(true);
    expect(matchesScheduledDate('2025-11-20T01:00:00.000Z', '11/20')).toBe(true); // any year
    expect(matchesScheduledDate(nov20, '11/20/2026')).toBe(true);
    expect(matchesScheduledDate(nov20, '11/20/2025')).toBe(false);
    expect(matchesScheduledDate(nov20, '2026-11-20')).toBe(true);
    expect(matchesScheduledDate(nov20, '3/4/2026')).toBe(false);
    expect(matchesScheduledDate(iso, '3/4/2025')).toBe(true); // without leading zeros
    expect(matchesScheduledDate(jan11, '1/2027')).toBe(false); // not a start of either form
  });

  it('never matches a lead without a date, except for an empty filter', () => {
    expect(matchesScheduledDate('', '03/04')).toBe(false);
    expect(matchesScheduledDate('', ' ')).toBe(true);
  });
});

describe('sorting', () => {
  const rows = [
    row({ leadId: 'x', customerName: 'bob' }),
    row({ leadId: 'y', customerName: 'Alice' }),
    row({ leadId: 'z', customerName: '' }),
  ];

  it('toggles ascending, descending, then off', () => {
    let sorting = nextSorting(null, 'customerName');
    expect(sorting).toEqual({ id: 'customerName', desc: false });
    sorting = nextSorting(sorting, 'customerName');
    expect(sorting).toEqual({ id: 'customerName', desc: true });
    expect(nextSorting(sorting, 'customerName')).toBeNull();
    expect(nextSorting(sorting, 'status')).toEqual({ id: 'status', desc: false });
  });

  it('sorts text without case and keeps empty values last', () => {
    expect(ids(sortLeads(rows, { id: 'customerName', desc: false }))).toEqual(['y', 'x', 'z']);
    expect(ids(sortLeads(rows, { id: 'customerName', desc: true }))).toEqual(['x', 'y', 'z']);
  });
});

describe('counts and pages', () => {
  it('counts the rows left after filtering', () => {
    expect(countLeads([row(), row({ status: 'CANCELLED' }), row({ status: '' })])).toEqual({
      total: 3,
      scheduled: 1,
      cancelled: 1,
    });
  });

  it("says 'Showing X to Y of Z results' and offers up to 3 page numbers", () => {
    const items = Array.from({ length: 120 }, (_, index) => index);
    expect(paginate(items, 0, 25)).toMatchObject({
      footer: 'Showing 1 to 25 of 120 results',
      pageCount: 5,
      pageNumbers: [1, 2, 3],
    });
    expect(paginate(items, 2, 25)).toMatchObject({
      footer: 'Showing 51 to 75 of 120 results',
      pageNumbers: [2, 3, 4],
    });
    expect(paginate(items, 4, 25)).toMatchObject({
      footer: 'Showing 101 to 120 of 120 results',
      pageNumbers: [3, 4, 5],
    });
    expect(paginate(items, 9, 25).pageIndex).toBe(4);
    expect(paginate([], 0, 25)).toMatchObject({ footer: '0 results', pageNumbers: [1] });
  });
});

describe('indexForSearch', () => {
  it('stops when its time is up and goes on from there, and search finds the same rows after it', () => {
    const rows = Array.from({ length: 1200 }, (_, i) =>
      row({ id: i, leadId: `l${i}`, customerName: i % 3 === 0 ? `Walker ${i}` : `Doe ${i}` }),
    );
    let calls = 0;
    const stopped = indexForSearch(rows, 0, () => (calls += 1) <= 1);
    expect(stopped).toBe(500);
    expect(indexForSearch(rows, stopped, () => true)).toBe(1200);
    expect(indexForSearch(rows, 1200, () => true)).toBe(1200);
    expect(filterLeads(rows, { ...NO_FILTERS, search: 'WALKER' })).toHaveLength(400);
  });
});

describe('the exact forms of a column filter (from a link)', () => {
  const rows = [
    row({ id: 1, leadId: 'a', status: 'Scheduled', auditor: 'Sam Rivera' }),
    row({ id: 2, leadId: 'b', status: 'Completed', auditor: 'Alex Chen' }),
    row({ id: 3, leadId: 'c', status: 'Cancelled', auditor: 'Sam Rivera' }),
    row({ id: 4, leadId: 'd', status: 'Scheduled', auditor: '' }),
  ];
  const only = (columns: Record<string, string>) => ids(filterLeads(rows, { ...NO_FILTERS, columns }));

  it('keeps the cells exactly one of the values, any case', () => {
    expect(only({ status: '=scheduled|Completed' })).toEqual(['a', 'b', 'd']);
    expect(only({ auditor: '=Sam' })).toEqual([]); // not a part of the name, the whole of it
  });

  it('keeps the cells that are not the value, and `=` alone keeps the empty ones', () => {
    expect(only({ status: '!=Cancelled' })).toEqual(['a', 'b', 'd']);
    expect(only({ auditor: '=' })).toEqual(['d']);
  });

  it('still matches typed text anywhere in the cell', () => {
    expect(only({ auditor: 'sam' })).toEqual(['a', 'c']);
  });
});

describe('the filters of a view', () => {
  const view = { ...defaultLeadsView(), search: 'maria', columns: { auditor: 'sam' }, needsReview: true };

  it("are the parts of the view that choose rows, with the sync run's leads", () => {
    const ids = new Set([4]);
    expect(filtersOf(view, ids)).toEqual({
      search: 'maria',
      startDate: '',
      endDate: '',
      columns: { auditor: 'sam' },
      referredBy: 'all',
      needsReview: true,
      onlyIds: ids,
    });
  });

  it('keep their key while the page, the sort or the columns change, and change it with a filter', () => {
    const key = filtersKey(view);
    expect(
      filtersKey({ ...view, page: 3, sort: { id: 'status', desc: true }, visibleColumns: ['status'] }),
    ).toBe(key);
    expect(filtersKey({ ...view, search: 'mari' })).not.toBe(key);
    expect(filtersKey({ ...view, columns: { auditor: 'sa' } })).not.toBe(key);
  });
});
