/** One measured number, with the target DESIGN.md section 8 sets for it. */
export interface Benchmark {
  name: string;
  unit: 'ms' | 'KB' | 'requests';
  /** The number must stay at or under this. */
  target: number;
  run: () => Promise<number>;
}

export interface BenchmarkResult {
  name: string;
  value: number;
  unit: string;
  target: number;
  withinTarget: boolean;
}
