import { defaultLeadsView, viewStateOf } from '@auditdesk/shared';
import { differsFrom } from './viewComparison';

const shown = {
  ...defaultLeadsView(),
  search: 'maple',
  columns: { status: '=Scheduled', auditor: '' },
  page: 3,
  visibleColumns: ['customerName', 'status'],
};

describe('a saved view against the screen', () => {
  it('is the same whatever the page, the order of the filters or an empty filter', () => {
    const saved = { ...viewStateOf(shown), columns: { status: '=Scheduled' } };
    expect(differsFrom({ ...shown, page: 1 }, saved)).toBe(false);
  });

  it('differs by any filter, the sort, the page size or the columns', () => {
    const saved = viewStateOf(shown);
    expect(differsFrom({ ...shown, search: 'oak' }, saved)).toBe(true);
    expect(differsFrom({ ...shown, columns: { status: '=Completed' } }, saved)).toBe(true);
    expect(differsFrom({ ...shown, sort: { id: 'status', desc: false } }, saved)).toBe(true);
    expect(differsFrom({ ...shown, pageSize: 50 }, saved)).toBe(true);
    expect(differsFrom({ ...shown, visibleColumns: ['status', 'customerName'] }, saved)).toBe(true);
    expect(differsFrom({ ...shown, hideUnformatted: false }, saved)).toBe(true);
  });

  it('takes a view saved without columns to show the person’s own', () => {
    expect(differsFrom(shown, { ...viewStateOf(shown), visibleColumns: null })).toBe(false);
  });
});
