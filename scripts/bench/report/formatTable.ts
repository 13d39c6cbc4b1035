import { formatNumber, type Figure, type Quantity } from '../benchmark';

const quantity = ({ value, unit }: Quantity) => `${formatNumber(value)} ${unit}`.trim();

const verdict = (met: boolean | null) => (met === null ? '' : met ? 'ok' : 'MISSED');

const detailText = (details: Figure['details']) =>
  details
    ? Object.entries(details)
        .map(([key, value]) => `${key} ${typeof value === 'number' ? formatNumber(value) : value}`)
        .join(', ')
    : '';

export const TABLE_COLUMNS = ['figure', 'measured', 'limit or peer', 'ratio', 'goal', 'met', 'also'] as const;

/** The report's rows as text cells, in TABLE_COLUMNS order. */
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

/** The same table as Markdown, for the README. */
export function formatMarkdownTable(figures: readonly Figure[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const header = TABLE_COLUMNS;
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...tableRows(figures).map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}
