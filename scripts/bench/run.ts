// `pnpm bench [NAME]`: runs the benchmarks (or those whose name contains NAME), prints one
// table of every figure against its limit or same-run peer, merges them into the last report
// in bench-results/ (and its history), and writes that report into docs/performance.md.
import path from 'node:path';
import { ROOT } from '../apps';
import type { Figure } from './benchmark';
import { BENCHMARKS } from './benchmarks';
import { machineDescription, type BenchReport } from './report/benchReport';
import { formatTable } from './report/formatTable';
import { writeReport } from './report/writeReport';

async function main() {
  const only = process.argv.slice(2).join(' ').trim().toLowerCase();
  // an exact name runs that one; otherwise every benchmark whose name contains NAME
  const exact = BENCHMARKS.filter((benchmark) => benchmark.name === only);
  const selected = exact.length ? exact : BENCHMARKS.filter((benchmark) => benchmark.name.includes(only));
  if (selected.length === 0) {
    console.error(
      `No benchmark is named like "${only}". There are: ${BENCHMARKS.map((b) => b.name).join(', ')}.`,
    );
    process.exit(2);
  }
  const report: BenchReport = {
    measuredAt: new Date().toISOString(),
    machine: machineDescription(),
    benchmarks: selected.map((benchmark) => benchmark.name),
    figures: [],
    failures: [],
  };
  for (const benchmark of selected) {
    console.log(`▶ ${benchmark.name}: ${benchmark.about}`);
    const started = performance.now();
    try {
      const figures: Figure[] = await benchmark.run();
      const measuredAt = new Date().toISOString();
      report.figures.push(...figures.map((figure) => ({ ...figure, benchmark: benchmark.name, measuredAt })));
      for (const figure of figures)
        console.log(`  ${figure.name}: ${figure.measured.value} ${figure.measured.unit}`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      report.failures.push({ benchmark: benchmark.name, error: message });
      console.error(`  ✖ ${benchmark.name} failed: ${message}`);
    }
    console.log(`  (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  console.log(`\n${formatTable(report.figures)}\n`);
  const files = writeReport(
    path.join(ROOT, 'bench-results'),
    report,
    BENCHMARKS.map((benchmark) => benchmark.name),
    path.join(ROOT, 'docs/performance.md'),
  );
  console.log(`report: ${files.map((file) => path.relative(ROOT, file)).join(', ')}`);
  const missed = report.figures.filter((figure) => figure.met === false).length;
  if (missed) console.log(`${missed} goal(s) missed.`);
  if (report.failures.length) {
    console.error(
      `${report.failures.length} benchmark(s) failed: ${report.failures.map((f) => f.benchmark).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
