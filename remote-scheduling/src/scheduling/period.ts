import type { Period } from './schedulingTypes';

export const PERIOD_STORAGE_KEY = 'scheduling.periodRange';
export const FIRST_YEAR = 2022;

export function currentMonthPeriod(today = new Date()): Period {
  const month = today.getMonth() + 1;
  const year = today.getFullYear();
  return { startMonth: month, startYear: year, endMonth: month, endYear: year };
}

/** Spec section 5: the saved range is used only when all four parts are there; a bad value is logged and ignored. */
export function readPeriod(storage: Pick<Storage, 'getItem'>, today = new Date()): Period {
  const raw = storage.getItem(PERIOD_STORAGE_KEY);
  if (!raw) return currentMonthPeriod(today);
  try {
    const saved = JSON.parse(raw) as Partial<Record<keyof Period, unknown>>;
    const parts = [saved.startMonth, saved.startYear, saved.endMonth, saved.endYear];
    if (parts.every((part) => typeof part === 'number' && Number.isInteger(part))) return saved as Period;
  } catch (error) {
    console.warn('The saved period range could not be read; using the current month.', error);
  }
  return currentMonthPeriod(today);
}

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
