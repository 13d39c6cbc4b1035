/** The value below which `fraction` of the samples lie (nearest rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) throw new Error('no samples to take a percentile of');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5);

/** Rounds for the report: whole numbers from 100 on, one decimal below, two below 10. */
export function round(value: number): number {
  const scale = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 10 ? 10 : 100;
  return Math.round(value * scale) / scale;
}

/** Wall-clock milliseconds of `work`, with its result. */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}
