import fs from 'node:fs';
import type { BenchReport } from './benchReport';

/** One line of bench-results/history.jsonl: what one `pnpm bench` run measured. */
export interface HistoryEntry {
  measuredAt: string;
  benchmarks: string[];
  figures: {
    benchmark: string;
    name: string;
    value: number;
    unit: string;
    ratio: number | null;
    goalRatio: number | null;
    met: boolean | null;
  }[];
}

/** Appends the run's own figures (not the merged report's) to the history. */
export function appendHistory(file: string, run: BenchReport): void {
  const entry: HistoryEntry = {
    measuredAt: run.measuredAt,
    benchmarks: run.benchmarks,
    figures: run.figures.map((figure) => ({
      benchmark: figure.benchmark,
      name: figure.name,
      value: figure.measured.value,
      unit: figure.measured.unit,
      ratio: figure.ratio,
      goalRatio: figure.goalRatio,
      met: figure.met,
    })),
  };
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

/** Every run recorded so far, oldest first; a line that cannot be read is skipped. */
export function readHistory(file: string): HistoryEntry[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line) as HistoryEntry];
      } catch {
        return [];
      }
    });
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
      line.points.push({ at: entry.measuredAt, ratio: figure.ratio, met: figure.met });
      series.set(figure.name, line);
    }
  }
  return series;
}
