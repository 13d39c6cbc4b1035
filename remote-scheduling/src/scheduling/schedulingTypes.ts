export interface Period {
  startMonth: number; // 1-12
  startYear: number;
  endMonth: number;
  endYear: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Each auditor's colour, the same in the table and the chart. */
export const AUDITOR_COLORS = ['blue.6', 'teal.6'];
/** Each auditor's colour, lighter, for the same months a year earlier. */
export const AUDITOR_EARLIER_COLORS = ['blue.3', 'teal.3'];
/** The same hues as text: the theme's readable shade of each (`c="blue"`), not the bars' light one. */
export const AUDITOR_TEXT_COLORS = AUDITOR_COLORS.map((color) => color.split('.')[0]!);
