import { formatNumber, type Figure } from '../benchmark';
import type { ReportedFigure } from './benchReport';
import { ratioSeries, type HistoryEntry } from './benchHistory';
import { REPORT_COLUMNS, reportRows } from './formatTable';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 430;
const PLOT_WIDTH = 520;

/**
 * Each figure's ratio as a bar on one logarithmic axis, with its goal as a tick: a bar
 * that ends on the wrong side of its tick is a missed goal.
 */
function ratioChart(figures: readonly Figure[]): string {
  const charted = figures.filter((figure) => figure.ratio !== null && figure.ratio > 0);
  if (charted.length === 0) return '';
  const values = charted.flatMap((figure) => [figure.ratio!, figure.goalRatio ?? figure.ratio!]);
  const low = Math.floor(Math.log10(Math.min(...values, 1)));
  const high = Math.ceil(Math.log10(Math.max(...values, 1)));
  const span = Math.max(1, high - low);
  const x = (ratio: number) => LABEL_WIDTH + ((Math.log10(ratio) - low) / span) * PLOT_WIDTH;
  const height = ROW_HEIGHT * charted.length + 40;
  const ticks = Array.from({ length: span + 1 }, (_, index) => 10 ** (low + index));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH + PLOT_WIDTH + 60}" height="${height}" role="img" aria-label="Each figure's ratio to its limit or peer, with its goal">`,
    ...ticks.map(
      (tick) =>
        `<line x1="${x(tick)}" y1="0" x2="${x(tick)}" y2="${height - 30}" stroke="#dee2e6"/>` +
        `<text x="${x(tick)}" y="${height - 12}" text-anchor="middle" font-size="11" fill="#495057">${formatNumber(tick)}×</text>`,
    ),
    ...charted.map((figure, index) => {
      const y = index * ROW_HEIGHT + 4;
      const color = figure.met === null ? '#868e96' : figure.met ? '#2f9e44' : '#e03131';
      const start = x(10 ** low);
      const goal =
        figure.goalRatio === null
          ? ''
          : `<line x1="${x(figure.goalRatio)}" y1="${y - 2}" x2="${x(figure.goalRatio)}" y2="${y + ROW_HEIGHT - 6}" stroke="#1c7ed6" stroke-width="3"><title>goal ${escapeHtml(figure.goal)}</title></line>`;
      return (
        `<text x="${LABEL_WIDTH - 8}" y="${y + 14}" text-anchor="end" font-size="12">${escapeHtml(figure.name)}</text>` +
        `<rect x="${start}" y="${y}" width="${Math.max(1, x(figure.ratio!) - start)}" height="${ROW_HEIGHT - 10}" fill="${color}"><title>${formatNumber(figure.ratio!)}×</title></rect>` +
        `<text x="${x(figure.ratio!) + 4}" y="${y + 13}" font-size="11">${formatNumber(figure.ratio!)}×</text>` +
        goal
      );
    }),
    '</svg>',
  ];
  return parts.join('\n');
}

const LINE_WIDTH = 300;
const LINE_HEIGHT = 90;

/**
 * Each figure's ratio over the runs (a line per figure, its goal dashed): a regression
 * shows as a step. Runs that did not measure a figure leave no point.
 */
function historyCharts(history: readonly HistoryEntry[], current: ReadonlySet<string>): string {
  // only the figures the report still has: a renamed or retired figure's old line would linger
  const charts = [...ratioSeries(history)]
    .filter(([name, line]) => current.has(name) && line.points.length > 0)
    .map(([name, line]) => {
      const values = [
        ...line.points.map((point) => point.ratio),
        ...(line.goalRatio ? [line.goalRatio] : []),
      ];
      const top = Math.max(...values) * 1.1;
      const x = (index: number) => 10 + (index / Math.max(1, line.points.length - 1)) * (LINE_WIDTH - 20);
      const y = (ratio: number) => LINE_HEIGHT - 10 - (ratio / top) * (LINE_HEIGHT - 25);
      const path = line.points
        .map((point, index) => `${index ? 'L' : 'M'}${x(index)},${y(point.ratio)}`)
        .join(' ');
      const goal =
        line.goalRatio === null
          ? ''
          : `<line x1="0" x2="${LINE_WIDTH}" y1="${y(line.goalRatio)}" y2="${y(line.goalRatio)}" stroke="#1c7ed6" stroke-dasharray="4 3"/>`;
      const dots = line.points
        .map((point, index) => {
          const color = point.met === null ? '#868e96' : point.met ? '#2f9e44' : '#e03131';
          return `<circle cx="${x(index)}" cy="${y(point.ratio)}" r="3" fill="${color}"><title>${escapeHtml(point.at)}: ${formatNumber(point.ratio)}×</title></circle>`;
        })
        .join('');
      return `<figure><svg xmlns="http://www.w3.org/2000/svg" width="${LINE_WIDTH}" height="${LINE_HEIGHT}" role="img" aria-label="${escapeHtml(name)}: ratio over ${line.points.length} runs">${goal}<path d="${path}" fill="none" stroke="#495057"/>${dots}</svg><figcaption>${escapeHtml(name)}</figcaption></figure>`;
    });
  if (charts.length === 0) return '';
  return `<h2>Over the runs</h2>\n<p>Each figure's ratio in every run that measured it (bench-results/history.jsonl); dashed: its goal.</p>\n<div class="history">${charts.join('\n')}</div>`;
}

/** A page a person can open: the ratios, their history, then the full table. */
export function reportHtml(
  figures: readonly ReportedFigure[],
  measuredAt: string,
  machine: string,
  history: readonly HistoryEntry[] = [],
): string {
  const header = REPORT_COLUMNS.map((column) => `<th>${escapeHtml(column)}</th>`).join('');
  const rows = reportRows(figures)
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Auditdesk benchmarks</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 24px; color: #212529; }
  table { border-collapse: collapse; margin-top: 16px; }
  th, td { border-bottom: 1px solid #dee2e6; padding: 4px 10px; text-align: left; vertical-align: top; }
  th { background: #f1f3f5; }
  p { color: #495057; }
  .history { display: flex; flex-wrap: wrap; gap: 12px; }
  figure { margin: 0; width: ${LINE_WIDTH}px; }
  figcaption { font-size: 12px; color: #495057; }
</style>
</head>
<body>
<h1>Auditdesk benchmarks</h1>
<p>Measured ${escapeHtml(measuredAt)} on ${escapeHtml(machine)}. Bars: each figure's ratio to its limit or
to its peer measured in the same run (logarithmic axis); blue ticks: the goals. Green met its goal,
red missed it, grey only reports.</p>
${ratioChart(figures)}
${historyCharts(history, new Set(figures.map((figure) => figure.name)))}
<table>
<thead><tr>${header}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
