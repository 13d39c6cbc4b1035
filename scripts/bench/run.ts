// `pnpm bench`: runs every benchmark, prints a table and writes bench-results/report.json.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../apps';
import { ensureBuilt } from '../ensureBuilt';
import type { Benchmark, BenchmarkResult } from './benchmark';
import { calendarSourceBenchmarks } from './benchmarks/calendarSources';
import { gridData } from './benchmarks/gridData';
import { hubLatency } from './benchmarks/hubLatency';
import { leadsKeystroke } from './benchmarks/leadsKeystroke';
import { leadsList } from './benchmarks/leadsList';
import { schedulingFirstLoadJs } from './benchmarks/schedulingFirstLoadJs';
import { severalInstancesBenchmarks } from './benchmarks/severalInstances';
import { sync10kFirst, sync10kRerun } from './benchmarks/sync10k';
import { sync10kD1 } from './benchmarks/sync10kD1';

const BENCHMARKS: Benchmark[] = [
  sync10kFirst,
  sync10kD1,
  sync10kRerun,
  hubLatency,
  leadsList,
  leadsKeystroke,
  gridData,
  schedulingFirstLoadJs,
  ...calendarSourceBenchmarks,
  ...severalInstancesBenchmarks,
];

async function main() {
  ensureBuilt();
  const only = process.argv.slice(2).join(' ').toLowerCase();
  const results: BenchmarkResult[] = [];
  for (const benchmark of BENCHMARKS.filter((b) => !only || b.name.toLowerCase().includes(only))) {
    const value = await benchmark.run();
    const result = {
      name: benchmark.name,
      value,
      unit: benchmark.unit,
      target: benchmark.target,
      withinTarget: value <= benchmark.target,
    };
    results.push(result);
    console.log(
      `${result.withinTarget ? 'ok  ' : 'SLOW'} ${result.name}: ${value} ${result.unit} (target ≤ ${result.target})`,
    );
  }
  const dir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const report = { measuredAt: new Date().toISOString(), node: process.version, results };
  fs.writeFileSync(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`report: ${path.relative(ROOT, path.join(dir, 'report.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
