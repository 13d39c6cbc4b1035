import type { Benchmark } from '../benchmark';
import { firstLoadBenchmark } from './firstLoad';
import { gridDataBenchmark } from './gridData';
import { hubBenchmark } from './hub';
import { leadsListBenchmark } from './leadsList';
import { leadsScreenBenchmark } from './leadsScreen';
import { syncBenchmark } from './sync';

/** Every benchmark, in the order `pnpm bench` runs them. */
export const BENCHMARKS: Benchmark[] = [
  syncBenchmark,
  leadsListBenchmark,
  gridDataBenchmark,
  hubBenchmark,
  firstLoadBenchmark,
  leadsScreenBenchmark,
];
