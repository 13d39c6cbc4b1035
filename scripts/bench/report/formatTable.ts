import { formatNumber, type Figure, type Quantity } from '../benchmark';
import type { ReportedFigure } from './benchReport';

const quantity = ({ value, unit }: Quantity) => `${formatNumber(value)} ${unit}`.trim();

const verdict = (met: boolean | null) => (met === null ? '' : met ? 'ok' : 'MISSED');

const detailText = (details: Figure['details']) =>
  details
    ? Object.entries(details)
        .map(([key, value]) => `${key} ${typeof value === 'number' ? formatNumber(value) : value}`)
        .join(', ')
    : '';

export const TABLE_COLUMNS = ['figure', 'measured', 'limit or peer', 'ratio', 'goal', 'met', 'also'] as const;
/** The report's columns: a merged report says when each row was measured. */
export const REPORT_COLUMNS = [...TABLE_COLUMNS, 'measured at'] as const;

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The report's rows as text cells, in REPORT_COLUMNS order. */
export function reportRows(figures: readonly ReportedFigure[]): string[][] {
  return figures.map((figure, index) => [...tableRows([figure])[0]!, when(figures[index]!.measuredAt)]);
}

/** The rows as text cells, in TABLE_COLUMNS order. */
export function tableRows(figures: readonly Figure[]): string[][] {
  return figures.map((figure) => [
    figure.name,
    quantity(figure.measured),
    figure.reference
      ? `${figure.reference.kind === 'peer' ? `${figure.reference.name}: ` : ''}${quantity(figure.reference)}`
      : '—',
    figure.ratio === null ? '—' : `${formatNumber(figure.ratio)}×`,
    figure.goal,
    verdict(figure.met),
    detailText(figure.details),
  ]);
}

/** A plain-text table with aligned columns, for the terminal. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = [[...TABLE_COLUMNS], ...tableRows(figures)];
  const widths = TABLE_COLUMNS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    widths.map((width) => '─'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** The report as Markdown, for docs/performance.md. */
export function formatMarkdownTable(figures: readonly ReportedFigure[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const header = REPORT_COLUMNS;
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...reportRows(figures).map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}
