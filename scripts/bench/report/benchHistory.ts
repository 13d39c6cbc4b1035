import fs from 'node:fs';
import { formatNumber } from '../benchmark';
import type { BenchReport, Machine, ReportedFigure } from './benchReport';

/**
 * One line of bench-results/history.jsonl: what one `pnpm bench` run measured, each figure
 * whole (reference, goal, met, details) so that the latest full report can be rebuilt from
 * the committed history alone, on a fresh clone too.
 */
export interface HistoryEntry {
  measuredAt: string;
  machine?: Machine;
  benchmarks: string[];
  figures: ReportedFigure[];
  /** Benchmarks that threw in this run (the first line of the error). */
  failures?: { benchmark: string; error: string }[];
}

/** A figure as lines written before the history kept whole figures hold it. */
interface LegacyFigure {
  benchmark: string;
  name: string;
  value: number;
  unit: string;
  ratio: number | null;
  goalRatio: number | null;
  met: boolean | null;
}

const isLegacy = (figure: ReportedFigure | LegacyFigure): figure is LegacyFigure => !('measured' in figure);

/**
 * An older line knew only the ratio and the goal's ratio: the reference is worked back from
 * them (value ÷ ratio), and the goal reads as a ratio. Good enough to keep its row until the
 * benchmark runs again.
 */
function fromLegacy(figure: LegacyFigure, measuredAt: string): ReportedFigure {
  const { benchmark, name, value, unit, ratio, goalRatio, met } = figure;
  const isLimit = goalRatio === 1;
  return {
    benchmark,
    name,
    measuredAt,
    measured: { value, unit },
    reference: ratio
      ? { kind: isLimit ? 'limit' : 'peer', name: isLimit ? 'limit' : 'peer', value: value / ratio, unit }
      : null,
    ratio,
    goal:
      goalRatio === null
        ? 'report'
        : isLimit && ratio
          ? `≤ ${formatNumber(value / ratio)} ${unit}`.trim()
          : `≤ ${formatNumber(goalRatio)}×`,
    goalRatio,
    higherIsBetter: false,
    met,
  };
}

/** Appends the run's own figures (not the merged report's) to the history. */
export function appendHistory(file: string, run: BenchReport): void {
  const entry: HistoryEntry = {
    measuredAt: run.measuredAt,
    machine: run.machine,
    benchmarks: run.benchmarks,
    figures: run.figures,
    failures: run.failures.map(({ benchmark, error }) => ({
      benchmark,
      error: error.split('\n')[0] ?? '',
    })),
  };
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/**
 * Every run recorded so far, oldest first (by when it was measured: branches merged into one
 * history append out of order); a line that cannot be read is skipped. A run found twice (a
 * merge that kept an older line beside its rewrite) counts once, its whole-figure line first.
 */
export function readHistory(file: string): HistoryEntry[] {
  if (!fs.existsSync(file)) return [];
  const runs = new Map<string, { entry: HistoryEntry; legacy: boolean }>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let entry: Omit<HistoryEntry, 'figures'> & { figures: (ReportedFigure | LegacyFigure)[] };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    const legacy = entry.figures.some(isLegacy);
    const key = `${entry.measuredAt} ${entry.benchmarks.join(',')}`;
    const seen = runs.get(key);
    if (seen && (legacy || !seen.legacy)) continue;
    const figures = entry.figures.map((figure) =>
      isLegacy(figure) ? fromLegacy(figure, entry.measuredAt) : figure,
    );
    runs.set(key, { entry: { ...entry, figures }, legacy });
  }
  // a stable sort: lines of one moment keep their order
  return [...runs.values()]
    .map(({ entry }) => entry)
    .sort((a, b) => Date.parse(a.measuredAt) - Date.parse(b.measuredAt));
}

/** Each figure's ratio over the runs that measured it, in order: one series per figure name. */
export function ratioSeries(history: readonly HistoryEntry[]) {
  const series = new Map<
    string,
    { goalRatio: number | null; points: { at: string; ratio: number; met: boolean | null }[] }
  >();
  for (const entry of history) {
    for (const figure of entry.figures) {
      if (figure.ratio === null) continue;
      const line = series.get(figure.name) ?? { goalRatio: figure.goalRatio, points: [] };
      line.goalRatio = figure.goalRatio;
      line.points.push({ at: figure.measuredAt, ratio: figure.ratio, met: figure.met });
      series.set(figure.name, line);
    }
  }
  return series;
}
