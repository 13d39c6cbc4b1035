import { gridRecord as record } from '@auditdesk/shared/testing';
import { kpiTrend } from './kpiTrend';
import {
  barLabel,
  barLeads,
  CATEGORIES,
  CATEGORY_MEANING,
  chartSeries,
  earlierKey,
  minBarHeight,
  monthsOf,
  xCaption,
  yTicks,
} from './chartSeries';
import {
  changePeriod,
  currentMonthPeriod,
  monthTitle,
  PERIOD_STORAGE_KEY,
  periodDates,
  periodLabel,
  previousPeriod,
  PERIOD_PRESETS,
  readPeriod,
  yearOptions,
} from './period';

const AUDITORS = ['Sam Rivera', 'Alex Chen'];
const TODAY = new Date(2026, 10, 21);

describe('period range', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === PERIOD_STORAGE_KEY ? value : null),
  });

  it('uses the saved range only when all four parts are there', () => {
    expect(
      readPeriod(
        storage(JSON.stringify({ startMonth: 1, startYear: 2025, endMonth: 3, endYear: 2025 })),
        TODAY,
      ),
    ).toEqual({ startMonth: 1, startYear: 2025, endMonth: 3, endYear: 2025 });
    expect(
      readPeriod(storage(JSON.stringify({ startMonth: 1, startYear: 2025, endMonth: 3 })), TODAY),
    ).toEqual(currentMonthPeriod(TODAY));
    expect(readPeriod(storage(null), TODAY)).toEqual({
      startMonth: 11,
      startYear: 2026,
      endMonth: 11,
      endYear: 2026,
    });
  });

  it('ignores a saved range that starts after it ends, or names a month or year not offered', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    for (const saved of [
      { startMonth: 5, startYear: 2025, endMonth: 3, endYear: 2025 },
      { startMonth: 1, startYear: 2026, endMonth: 12, endYear: 2025 },
      { startMonth: 13, startYear: 2025, endMonth: 12, endYear: 2025 },
      { startMonth: 1, startYear: 2019, endMonth: 2, endYear: 2025 },
    ]) {
      expect(readPeriod(storage(JSON.stringify(saved)), TODAY)).toEqual(currentMonthPeriod(TODAY));
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot be shown'), expect.anything());
    warn.mockRestore();
  });

  it('moves the other end along when a choice would make the period run backwards, and says so', () => {
    const march = { startMonth: 3, startYear: 2025, endMonth: 3, endYear: 2025 };
    expect(changePeriod(march, 'startMonth', 5)).toEqual({
      period: { startMonth: 5, startYear: 2025, endMonth: 5, endYear: 2025 },
      notice: 'The end moved to May 2025: a period cannot end before it starts.',
    });
    expect(changePeriod(march, 'endYear', 2024)).toEqual({
      period: { startMonth: 3, startYear: 2024, endMonth: 3, endYear: 2024 },
      notice: 'The start moved to March 2024: a period cannot start after it ends.',
    });
    expect(changePeriod(march, 'endMonth', 7)).toEqual({
      period: { ...march, endMonth: 7 },
      notice: null,
    });
  });

  it('logs and ignores a value that is not JSON', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPeriod(storage('{oops'), TODAY)).toEqual(currentMonthPeriod(TODAY));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'), expect.anything());
    warn.mockRestore();
  });

  it('asks for the first day of the start month to the last day of the end month', () => {
    expect(periodDates({ startMonth: 2, startYear: 2024, endMonth: 2, endYear: 2024 })).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
    expect(periodDates({ startMonth: 11, startYear: 2025, endMonth: 1, endYear: 2026 })).toEqual({
      startDate: '2025-11-01',
      endDate: '2026-01-31',
    });
  });

  it('offers the years from 2022 to this one and labels the period m/yyyy - m/yyyy', () => {
    expect(yearOptions(TODAY)).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(periodLabel({ startMonth: 3, startYear: 2025, endMonth: 1, endYear: 2026 })).toBe(
      '3/2025 - 1/2026',
    );
  });
});

describe('quick periods', () => {
  const preset = (label: string, today: Date) =>
    PERIOD_PRESETS.find((one) => one.label === label)!.period(today);

  it.each([
    ['This month', { startMonth: 11, startYear: 2026, endMonth: 11, endYear: 2026 }],
    ['Last month', { startMonth: 10, startYear: 2026, endMonth: 10, endYear: 2026 }],
    ['This quarter', { startMonth: 10, startYear: 2026, endMonth: 12, endYear: 2026 }],
    ['Year to date', { startMonth: 1, startYear: 2026, endMonth: 11, endYear: 2026 }],
    ['Last 12 months', { startMonth: 12, startYear: 2025, endMonth: 11, endYear: 2026 }],
  ])('%s on 21 November 2026', (label, expected) => {
    expect(preset(label, TODAY)).toEqual(expected);
  });

  it('crosses the year in January', () => {
    const january = new Date(2026, 0, 15);
    expect(preset('Last month', january)).toEqual({
      startMonth: 12,
      startYear: 2025,
      endMonth: 12,
      endYear: 2025,
    });
    expect(preset('This quarter', january)).toEqual({
      startMonth: 1,
      startYear: 2026,
      endMonth: 3,
      endYear: 2026,
    });
  });
});

describe('comparison rows', () => {
  it("heads a month's row 'March 2025'", () => {
    expect(monthTitle({ year: 2025, month: 3 })).toBe('March 2025');
    expect(monthTitle({ year: 2026, month: 12 })).toBe('December 2026');
  });
});

describe('chart', () => {
  const period = { startMonth: 2, startYear: 2025, endMonth: 4, endYear: 2025 };

  it('has a bar per month of the period, per auditor, from the real counts', () => {
    const records = [
      record({}),
      record({ week: 2 }),
      record({ auditor: 'Alex Chen', month: 4, fuelTypes: { Propane: 4 } }),
    ];
    expect(chartSeries(records, period, AUDITORS, 'All Categories', null)).toEqual([
      { month: 'Feb', year: 2025, monthNumber: 2, 'Sam Rivera': 0, 'Alex Chen': 0 },
      { month: 'Mar', year: 2025, monthNumber: 3, 'Sam Rivera': 6, 'Alex Chen': 0 },
      { month: 'Apr', year: 2025, monthNumber: 4, 'Sam Rivera': 0, 'Alex Chen': 3 },
    ]);
    expect(chartSeries(records, period, AUDITORS, 'Units', null)[1]).toMatchObject({ 'Sam Rivera': 8 });
    expect(chartSeries(records, period, AUDITORS, 'Fuel Types', 'Propane')[2]).toMatchObject({
      'Alex Chen': 4,
    });
    expect(chartSeries(records, period, AUDITORS, 'Fuel Types', null)[1]).toMatchObject({ 'Sam Rivera': 4 });
  });

  it('overlays the same month a year earlier, per auditor, when asked', () => {
    const rows = chartSeries([record({})], period, AUDITORS, 'All Categories', null, [
      record({ year: 2024, month: 3, totalLeadsCount: 5 }),
      record({ year: 2024, month: 4, auditor: 'Alex Chen', totalLeadsCount: 2 }),
    ]);
    expect(rows[1]).toEqual({
      month: 'Mar',
      year: 2025,
      monthNumber: 3,
      'Sam Rivera': 3,
      [earlierKey('Sam Rivera')]: 5,
      'Alex Chen': 0,
      [earlierKey('Alex Chen')]: 0,
    });
    expect(rows[2]).toMatchObject({ [earlierKey('Alex Chen')]: 2 });
    expect(earlierKey('Sam Rivera')).toBe('Sam Rivera · a year earlier');
    expect(yTicks(rows, [...AUDITORS, ...AUDITORS.map(earlierKey)])).toEqual([0, 2, 4, 6, 8]);
  });

  it("opens a bar's leads with the filters of what the category counts", () => {
    expect(barLeads('All Categories', null)).toEqual({ columns: {} });
    expect(barLeads('Customers', null)).toEqual({ columns: { status: '!=Cancelled' } });
    expect(barLeads('Units', null)).toBeNull();
    expect(barLeads('Referrals', null)).toEqual({ columns: { status: '!=Cancelled' }, referredBy: 'hide' });
    expect(barLeads('Fuel Types', 'Oil')).toEqual({
      columns: { status: '!=Cancelled', heatingFuel: '=Oil' },
    });
    expect(barLeads('Providers', null)).toEqual({
      columns: { status: '!=Cancelled', provider: '=National Grid|EverSource' },
    });
    for (const category of CATEGORIES) expect(CATEGORY_MEANING[category]).toMatch(/^Counts /);
  });

  it('puts five y ticks at 0, 25, 50, 75 and 100% of the maximum, 100 without data', () => {
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 40, 'Alex Chen': 10 }], AUDITORS)).toEqual([
      0, 10, 20, 30, 40,
    ]);
    // the maximum is rounded up so that the ticks are whole numbers, not 15.75 / 47.25
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 63, 'Alex Chen': 10 }], AUDITORS)).toEqual([
      0, 20, 40, 60, 80,
    ]);
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 3, 'Alex Chen': 1 }], AUDITORS)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 101, 'Alex Chen': 1 }], AUDITORS)).toEqual([
      0, 30, 60, 90, 120,
    ]);
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 2259, 'Alex Chen': 1 }], AUDITORS)).toEqual([
      0, 600, 1200, 1800, 2400,
    ]);
    expect(yTicks([{ month: 'Mar', 'Sam Rivera': 0, 'Alex Chen': 0 }], AUDITORS)).toEqual([
      0, 25, 50, 75, 100,
    ]);
  });

  it('draws no bar and no label for a month without leads', () => {
    expect(minBarHeight(32)(0)).toBe(0);
    expect(minBarHeight(32)(null)).toBe(0);
    expect(minBarHeight(32)(1)).toBe(32);
    expect(barLabel(0)).toBe('');
    expect(barLabel(2259)).toBe('2,259');
  });

  it('labels the months of a period across years with their year', () => {
    const months = chartSeries(
      [],
      { startMonth: 11, startYear: 2025, endMonth: 2, endYear: 2026 },
      AUDITORS,
      'Units',
      null,
    );
    expect(months.map((row) => row.month)).toEqual(["Nov '25", "Dec '25", "Jan '26", "Feb '26"]);
  });

  it('captions the x axis with the real year or years', () => {
    expect(xCaption(period)).toBe('Months (2025)');
    expect(xCaption({ startMonth: 11, startYear: 2025, endMonth: 2, endYear: 2026 })).toBe(
      'Months (2025–2026)',
    );
    expect(
      monthsOf({ startMonth: 11, startYear: 2025, endMonth: 2, endYear: 2026 }).map((month) => month.label),
    ).toEqual(['Nov', 'Dec', 'Jan', 'Feb']);
  });
});

describe('the period before', () => {
  it('has the same length and ends the month before', () => {
    expect(previousPeriod({ startMonth: 1, startYear: 2025, endMonth: 3, endYear: 2025 })).toEqual({
      startMonth: 10,
      startYear: 2024,
      endMonth: 12,
      endYear: 2024,
    });
    expect(previousPeriod({ startMonth: 1, startYear: 2026, endMonth: 1, endYear: 2026 })).toEqual({
      startMonth: 12,
      startYear: 2025,
      endMonth: 12,
      endYear: 2025,
    });
    expect(previousPeriod({ startMonth: 11, startYear: 2025, endMonth: 10, endYear: 2026 })).toEqual({
      startMonth: 11,
      startYear: 2024,
      endMonth: 10,
      endYear: 2025,
    });
  });
});

describe('a KPI against the period before', () => {
  it('says up or down, by how much and in percent, green when it moved the good way', () => {
    expect(kpiTrend(12, 10, true, 'Q4')).toMatchObject({ text: '▲ 2 (+20.0%) vs Q4', color: 'green.8' });
    expect(kpiTrend(12, 10, false, 'Q4')).toMatchObject({ text: '▲ 2 (+20.0%) vs Q4', color: 'red.8' });
    expect(kpiTrend(5, 10, false, 'Q4')).toMatchObject({ text: '▼ 5 (−50.0%) vs Q4', color: 'green.8' });
    expect(kpiTrend(3, 0, true, 'Q4')).toMatchObject({ text: '▲ 3 vs Q4' });
    expect(kpiTrend(3, 3, true, 'Q4').text).toBe('= same as Q4');
    expect(kpiTrend(3, null, true, 'Q4').text).toBe('No data before');
  });
});
