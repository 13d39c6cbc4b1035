import type { HistoryEntry } from './benchHistory';
import { machineDescription, type BenchReport } from './benchReport';

/**
 * `pnpm bench NAME` measures some benchmarks: their figures replace those of the same
 * benchmarks in the last report, and the others' are kept with the time they were measured,
 * so the report stays whole. A benchmark that failed keeps its last figures (with their
 * older time) and is listed as failed until it runs again. `order` is every benchmark's
 * name in the order they run.
 */
export function mergeReport(
  previous: BenchReport | null,
  latest: BenchReport,
  order: readonly string[],
): BenchReport {
  if (!previous) return latest;
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  const ran = new Set(latest.benchmarks);
  const remeasured = new Set(latest.figures.map((figure) => figure.benchmark));
  const benchmarks = [...new Set([...previous.benchmarks, ...latest.benchmarks])].sort(
    (a, b) => rank(a) - rank(b),
  );
  const kept = previous.figures.filter((figure) => !remeasured.has(figure.benchmark));
  // a stable sort: each benchmark's rows keep their own order
  const figures = [...kept, ...latest.figures].sort((a, b) => rank(a.benchmark) - rank(b.benchmark));
  const failures = [
    ...previous.failures.filter((failure) => !ran.has(failure.benchmark)),
    ...latest.failures,
  ];
  return { measuredAt: latest.measuredAt, machine: latest.machine, benchmarks, figures, failures };
}

/**
 * The latest full report, rebuilt from the history alone (every run merged in the order it
 * was measured), so a fresh clone has the same report to merge into as the machine that
 * ran the benchmarks. Benchmarks that no longer exist (not in `order`) are left out.
 */
export function latestReport(history: readonly HistoryEntry[], order: readonly string[]): BenchReport | null {
  const exists = (benchmark: string) => order.includes(benchmark);
  return history.reduce<BenchReport | null>(
    (report, entry) =>
      mergeReport(
        report,
        {
          measuredAt: entry.measuredAt,
          machine: entry.machine ?? report?.machine ?? machineDescription(),
          benchmarks: entry.benchmarks.filter(exists),
          figures: entry.figures.filter((figure) => exists(figure.benchmark)),
          failures: (entry.failures ?? []).filter((failure) => exists(failure.benchmark)),
        },
        order,
      ),
    null,
  );
}
