import { defaultLeadsView, leadsViewHref, leadsViewQuery, parseLeadsView } from './leadsView';

const COLUMNS = ['scheduledDate', 'customerName', 'status', 'auditor', 'leadId'];
const DEFAULTS = { ...defaultLeadsView(), visibleColumns: ['scheduledDate', 'customerName', 'status'] };
const parse = (query: string) => parseLeadsView(new URLSearchParams(query), COLUMNS, DEFAULTS);

describe('the leads view in the URL', () => {
  it('is the defaults for an empty query string', () => {
    expect(parse('')).toEqual(DEFAULTS);
    expect(leadsViewQuery(DEFAULTS, DEFAULTS).toString()).toBe('');
  });

  it('round-trips every part of a view', () => {
    const view = {
      search: 'jane doe',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      columns: { status: '=Scheduled|Completed', auditor: '!=Alex Chen' },
      referredBy: 'hide' as const,
      sort: { id: 'customerName', desc: true },
      page: 3,
      pageSize: 100,
      visibleColumns: ['customerName', 'leadId'],
      hideUnformatted: false,
      needsReview: true,
      duplicatesOnly: true,
      run: 412,
      imported: 37,
    };
    const query = leadsViewQuery(view, DEFAULTS);
    expect(query.toString()).toBe(
      'q=jane+doe&from=2025-03-01&to=2025-03-31&f.auditor=%21%3DAlex+Chen&f.status=%3DScheduled%7CCompleted&referred=hide&sort=-customerName&page=3&size=100&cols=customerName%2CleadId&unformatted=shown&review=1&duplicates=only&run=412&import=37',
    );
    expect(parse(query.toString())).toEqual(view);
  });

  it('ignores what it cannot show: an unknown column, a bad day, a page size not offered, page 0', () => {
    expect(
      parse('f.secret=x&sort=-nope&from=2025-13&size=7&page=0&cols=nope&referred=maybe&import=0x1'),
    ).toEqual(DEFAULTS);
  });

  it('gives another screen a link to exactly its leads', () => {
    expect(
      leadsViewHref({ startDate: '2025-10-01', endDate: '2025-10-31', columns: { auditor: '=Dana Brooks' } }),
    ).toBe('/leads?from=2025-10-01&to=2025-10-31&f.auditor=%3DDana+Brooks');
    expect(leadsViewHref({})).toBe('/leads');
  });
});
