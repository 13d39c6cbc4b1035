import {
  weekLabel,
  type ExportCell,
  type ExportHeaderCell,
  type ExportTable,
  type MonthGroup,
} from '@auditdesk/shared';
import { ALL_EXPANDED, comparisonGroups } from './comparisonColumns';
import { monthTitle } from './period';
import type { Period } from './schedulingTypes';

/**
 * The comparison with everything unfolded: every month with its weeks, every category
 * with its parts, the two auditors side by side. Header rows: measure, part, auditor.
 */
export function comparisonExportTable(
  months: MonthGroup[],
  auditors: readonly string[],
  period: Period,
): ExportTable {
  const groups = comparisonGroups(ALL_EXPANDED);
  const width = auditors.length;
  const header: ExportHeaderCell[][] = [
    [{ text: 'Period' }, ...groups.map((group) => ({ text: group.label, span: group.parts.length * width }))],
    [
      { text: '' },
      ...groups.flatMap((group) => group.parts.map((part) => ({ text: part.label ?? '', span: width }))),
    ],
    [
      { text: '' },
      ...groups.flatMap((group) => group.parts.flatMap(() => auditors.map((text) => ({ text })))),
    ],
  ];
  const rows: ExportCell[][] = [];
  const boldRows = new Set<number>();
  const values = (cells: MonthGroup['totals']) =>
    groups.flatMap((group) =>
      group.parts.flatMap((part) => auditors.map((name) => part.value(cells[name]!))),
    );
  for (const month of months) {
    boldRows.add(rows.length);
    rows.push([monthTitle(month), ...values(month.totals)]);
    for (const week of month.weeks) rows.push([weekLabel(week.week), ...values(week.byAuditor)]);
  }
  const columns = 1 + groups.reduce((sum, group) => sum + group.parts.length * width, 0);
  return {
    name: `Comparison ${period.startMonth}-${period.startYear} to ${period.endMonth}-${period.endYear}`,
    header,
    rows,
    boldRows,
    widths: [16, ...Array<number>(columns - 1).fill(12)],
    stickyColumns: 1,
  };
}

/** `scheduling-comparison-2025-03-to-2025-05` */
export const comparisonExportName = (period: Period) => {
  const month = (year: number, value: number) => `${year}-${String(value).padStart(2, '0')}`;
  return `scheduling-comparison-${month(period.startYear, period.startMonth)}-to-${month(period.endYear, period.endMonth)}`;
};
