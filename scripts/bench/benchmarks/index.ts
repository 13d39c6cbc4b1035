import type { Benchmark } from '../benchmark';
import { backupBenchmark } from './backup';
import { bulkLeadsBenchmark } from './bulkLeads';
import { calendarSourcesBenchmark } from './calendarSources';
import { duplicatesBenchmark } from './duplicates';
import { firstLoadBenchmark } from './firstLoad';
import { gridDataBenchmark } from './gridData';
import { hubBenchmark } from './hub';
import { hubScaleBenchmark } from './hubScale';
import { leadImportBenchmark } from './leadImport';
import { leadsListBenchmark } from './leadsList';
import { lighthouseBenchmark } from './lighthouse';
import { loadBenchmark } from './load';
import { officeValuesBenchmark } from './officeValues';
import { releaseStagesBenchmark } from './releaseStages';
import { leadsScreenBenchmark } from './leadsScreen';
import { screensBenchmark } from './screens';
import { severalInstancesBenchmark } from './severalInstances';
import { syncBenchmark } from './sync';
import { syncD1Benchmark } from './syncD1';

/** Every benchmark, in the order `pnpm bench` runs them. */
export const BENCHMARKS: Benchmark[] = [
  syncBenchmark,
  syncD1Benchmark,
  officeValuesBenchmark,
  calendarSourcesBenchmark,
  leadsListBenchmark,
  gridDataBenchmark,
  leadImportBenchmark,
  bulkLeadsBenchmark,
  duplicatesBenchmark,
  backupBenchmark,
  hubBenchmark,
  severalInstancesBenchmark,
  releaseStagesBenchmark,
  hubScaleBenchmark,
  firstLoadBenchmark,
  lighthouseBenchmark,
  leadsScreenBenchmark,
  screensBenchmark,
  // last: it leaves the machine busy for a while after it ends
  loadBenchmark,
];
