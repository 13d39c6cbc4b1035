import { gridRecord as record } from '../testing/gridRecord';
import { gridKpis } from './gridKpis';
import { sumRecords, totalOf, totalsByAuditor, unitsOf } from './gridTotals';
import { groupGrid } from './groupGrid';
import { rateOf } from './rateOf';

const AUDITORS = ['Sam Rivera', 'Alex Chen'];

describe('KPI cards', () => {
  it('sums the period and gives rates with one decimal, 0 without leads', () => {
    expect(
      gridKpis([
        record({}),
        record({ week: 2, totalLeadsCount: 3, cancelledLeadsCount: 0, leadsCount: 3, referralsCount: 0 }),
      ]),
    ).toEqual({
      total: 6,
      cancelled: 1,
      scheduled: 5,
      referrals: 1,
      cancellationRate: 16.7,
      scheduledRate: 83.3,
      referralRate: 16.7,
    });
    expect(gridKpis([])).toMatchObject({ total: 0, cancellationRate: 0, scheduledRate: 0, referralRate: 0 });
    expect(rateOf(1, 3)).toBe(33.3);
  });

  it('has one rate rule: percent, rounded to one decimal, 0 without a total', () => {
    expect(rateOf(2, 3)).toBe(66.7); // not 66.67
    expect(rateOf(1, 8)).toBe(12.5);
    expect(rateOf(3, 3)).toBe(100);
    expect(rateOf(0, 0)).toBe(0);
    expect(rateOf(5, 0)).toBe(0);
  });
});

describe('totals', () => {
  it('weights units 1, 2, 3, 4 by house type', () => {
    expect(unitsOf({ 'Single Family': 2, '2 Family': 1, '3 Family': 1, '4 Family': 1, condo: 5 })).toBe(11);
  });

  it('totals a category over its known parts only', () => {
    expect(totalOf({ Gas: 2, Oil: 1, Wood: 7 }, ['Gas', 'Oil', 'Propane'])).toBe(3);
  });

  it('adds every count and every breakdown, other values under their own text', () => {
    expect(
      sumRecords([
        record({}),
        record({ week: 2, completedLeadsCount: 1, fuelTypes: { Gas: 2, Wood: 1 }, houseTypes: { condo: 1 } }),
      ]),
    ).toEqual({
      totalLeads: 6,
      scheduled: 4,
      cancelled: 2,
      completed: 1,
      customers: 4,
      referrals: 2,
      units: 4,
      fuelTypes: { Gas: 3, Oil: 1, Wood: 1 },
      providers: { 'National Grid': 4 },
      houseTypes: { 'Single Family': 1, '3 Family': 1, condo: 1 },
    });
  });

  it('sums per auditor, zero for one without records, and leaves other auditors out', () => {
    const totals = totalsByAuditor(
      [record({}), record({ month: 4 }), record({ auditor: 'Pat Morgan', totalLeadsCount: 9 })],
      AUDITORS,
    );
    expect(Object.keys(totals)).toEqual(AUDITORS);
    expect(totals['Sam Rivera']).toMatchObject({ totalLeads: 6, scheduled: 4, units: 8 });
    expect(totals['Alex Chen']).toMatchObject({ totalLeads: 0, scheduled: 0, units: 0, fuelTypes: {} });
  });
});

describe('grouping', () => {
  it('groups by month then week, with month totals, and leaves other auditors out', () => {
    const months = groupGrid(
      [
        record({ month: 4, week: 1 }),
        record({ week: 2, auditor: 'Alex Chen', customersCount: 1, houseTypes: { '4 Family': 1 } }),
        record({ week: 1 }),
        record({ week: 1, auditor: 'Pat Morgan' }),
      ],
      AUDITORS,
    );
    expect(months.map((month) => [month.key, month.weeks.map((week) => week.week)])).toEqual([
      ['2025-03', [1, 2]],
      ['2025-04', [1]],
    ]);
    expect(months[0]!.totals['Sam Rivera']).toMatchObject({
      customers: 2,
      units: 4,
      referrals: 1,
      fuelTypes: { Gas: 1, Oil: 1 },
    });
    expect(months[0]!.totals['Alex Chen']).toMatchObject({ customers: 1, units: 4 });
    // a week in which one auditor has no records still has their (zero) cell
    expect(months[0]!.weeks[1]!.byAuditor['Sam Rivera']).toMatchObject({ customers: 0, units: 0 });
  });
});
