import type { BenchReport } from './benchReport';

/**
 * `pnpm bench NAME` measures some benchmarks: their figures replace those of the same
 * benchmarks in the last report, and the others' are kept with the time they were measured,
 * so the report stays whole. `order` is every benchmark's name in the order they run.
 */
export function mergeReport(
  previous: BenchReport | null,
  latest: BenchReport,
  order: readonly string[],
): BenchReport {
  if (!previous) return latest;
  const measured = new Set(latest.benchmarks);
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  const benchmarks = [...new Set([...previous.benchmarks, ...latest.benchmarks])].sort(
    (a, b) => rank(a) - rank(b),
  );
  const kept = previous.figures.filter((figure) => !measured.has(figure.benchmark));
  const figures = [...kept, ...latest.figures].sort((a, b) => rank(a.benchmark) - rank(b.benchmark));
  const failures = [
    ...previous.failures.filter((failure) => !measured.has(failure.benchmark)),
    ...latest.failures,
  ];
  return { measuredAt: latest.measuredAt, machine: latest.machine, benchmarks, figures, failures };
}
