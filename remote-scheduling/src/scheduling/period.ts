import { PREFERENCE_KEYS } from '@auditdesk/shared';
import { MONTH_NAMES, type Period } from './schedulingTypes';

export const PERIOD_STORAGE_KEY = PREFERENCE_KEYS.periodRange;
export const FIRST_YEAR = 2022;

export function currentMonthPeriod(today = new Date()): Period {
  const month = today.getMonth() + 1;
  const year = today.getFullYear();
  return { startMonth: month, startYear: year, endMonth: month, endYear: year };
}

/** Months since year 0: one number to compare the two ends by. */
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

export const startsAfterEnd = (period: Period) =>
  monthIndex(period.startYear, period.startMonth) > monthIndex(period.endYear, period.endMonth);

/** A range the screen can show: whole months 1-12, years offered by the selectors, start not after end. */
export function isUsablePeriod(period: Period, today = new Date()): boolean {
  const years = yearOptions(today);
  const month = (value: number) => Number.isInteger(value) && value >= 1 && value <= 12;
  return (
    month(period.startMonth) &&
    month(period.endMonth) &&
    years.includes(period.startYear) &&
    years.includes(period.endYear) &&
    !startsAfterEnd(period)
  );
}

/**
 * Spec section 5: the saved range is used only when all four parts are there; a bad value
 * is logged and ignored. A saved range the screen cannot show (a start after its end, a
 * year no longer offered) is ignored too, so it can never trap the page.
 */
export function readPeriod(storage: Pick<Storage, 'getItem'>, today = new Date()): Period {
  const raw = storage.getItem(PERIOD_STORAGE_KEY);
  if (!raw) return currentMonthPeriod(today);
  try {
    const saved = JSON.parse(raw) as Partial<Record<keyof Period, unknown>>;
    const parts = [saved.startMonth, saved.startYear, saved.endMonth, saved.endYear];
    if (parts.every((part) => typeof part === 'number' && Number.isInteger(part))) {
      if (isUsablePeriod(saved as Period, today)) return saved as Period;
      console.warn('The saved period range cannot be shown; using the current month.', saved);
    }
  } catch (error) {
    console.warn('The saved period range could not be read; using the current month.', error);
  }
  return currentMonthPeriod(today);
}

/**
 * A change of one selector that would make the period start after it ends moves the other
 * end along (a new start pulls the end forward, a new end pulls the start back), and says so.
 */
export function changePeriod(
  current: Period,
  key: keyof Period,
  value: number,
): { period: Period; notice: string | null } {
  const next = { ...current, [key]: value };
  if (!startsAfterEnd(next)) return { period: next, notice: null };
  if (key === 'startMonth' || key === 'startYear') {
    const period = { ...next, endMonth: next.startMonth, endYear: next.startYear };
    return {
      period,
      notice: `The end moved to ${monthName(period.endMonth)} ${period.endYear}: a period cannot end before it starts.`,
    };
  }
  const period = { ...next, startMonth: next.endMonth, startYear: next.endYear };
  return {
    period,
    notice: `The start moved to ${monthName(period.startMonth)} ${period.startYear}: a period cannot start after it ends.`,
  };
}

const monthName = (month: number) => MONTH_NAMES[month - 1] ?? String(month);

/** A month's row heading: `March 2025`. */
export const monthTitle = ({ year, month }: { year: number; month: number }) => `${monthName(month)} ${year}`;

export function savePeriod(storage: Pick<Storage, 'setItem'>, period: Period): void {
  storage.setItem(PERIOD_STORAGE_KEY, JSON.stringify(period));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The grid-data call's dates: the first day of the start month to the last day of the end month. */
export function periodDates(period: Period): { startDate: string; endDate: string } {
  const lastDay = new Date(Date.UTC(period.endYear, period.endMonth, 0)).getUTCDate();
  return {
    startDate: `${period.startYear}-${pad(period.startMonth)}-01`,
    endDate: `${period.endYear}-${pad(period.endMonth)}-${pad(lastDay)}`,
  };
}

/** The years offered: 2022 to the current year (DESIGN.md section 10). */
export function yearOptions(today = new Date()): number[] {
  return Array.from({ length: today.getFullYear() - FIRST_YEAR + 1 }, (_, index) => FIRST_YEAR + index);
}

/** `m/yyyy - m/yyyy`, as the chart section shows the period. */
export const periodLabel = (period: Period) =>
  `${period.startMonth}/${period.startYear} - ${period.endMonth}/${period.endYear}`;

/** The quick choices beside the Period Range: each sets the four selectors (issue 22). */
export const PERIOD_PRESETS: { label: string; period: (today: Date) => Period }[] = [
  { label: 'This month', period: (today) => currentMonthPeriod(today) },
  {
    label: 'Last month',
    period: (today) => currentMonthPeriod(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
  },
  {
    label: 'This quarter',
    period: (today) => {
      const first = Math.floor(today.getMonth() / 3) * 3 + 1;
      const year = today.getFullYear();
      return { startMonth: first, startYear: year, endMonth: first + 2, endYear: year };
    },
  },
  {
    label: 'Year to date',
    period: (today) => ({ ...currentMonthPeriod(today), startMonth: 1 }),
  },
  {
    label: 'Last 12 months',
    period: (today) => {
      const start = new Date(today.getFullYear(), today.getMonth() - 11, 1);
      return {
        ...currentMonthPeriod(today),
        startMonth: start.getMonth() + 1,
        startYear: start.getFullYear(),
      };
    },
  },
];

export const samePeriod = (a: Period, b: Period) =>
  a.startMonth === b.startMonth &&
  a.startYear === b.startYear &&
  a.endMonth === b.endMonth &&
  a.endYear === b.endYear;

/** The period of the same length just before this one (January–March 2025: October–December 2024). */
export function previousPeriod(period: Period): Period {
  const start = monthIndex(period.startYear, period.startMonth);
  const length = monthIndex(period.endYear, period.endMonth) - start + 1;
  const at = (index: number) => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  const from = at(start - length);
  const to = at(start - 1);
  return { startMonth: from.month, startYear: from.year, endMonth: to.month, endYear: to.year };
}

/** The days of one month, as the leads screen's date filter takes them. */
export const monthDates = ({ year, month }: { year: number; month: number }) =>
  periodDates({ startMonth: month, startYear: year, endMonth: month, endYear: year });

/** The same months a year earlier (June–November 2026: June–November 2025). */
export const yearEarlier = (period: Period): Period => ({
  ...period,
  startYear: period.startYear - 1,
  endYear: period.endYear - 1,
});
