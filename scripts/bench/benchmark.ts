/**
 * A benchmark measures one area and returns its figures. Every figure stands next to a
 * limit (DESIGN.md section 8) or a peer measured in the same run, because these shared
 * machines are noisy: the ratio is what a reader compares, the absolute numbers are kept
 * for reference.
 */
export interface Benchmark {
  /** Short and unique: `pnpm bench NAME` runs the benchmarks whose name contains NAME. */
  name: string;
  /** One line: what is measured and how. */
  about: string;
  run: () => Promise<Figure[]>;
}

export interface Quantity {
  value: number;
  unit: string;
}

/** One row of the report. */
export interface Figure {
  /** What was measured, e.g. "first sync of 10,000 events". */
  name: string;
  measured: Quantity;
  /** The limit it must stay within, or the peer it is compared with, or none. */
  reference: ({ kind: 'limit' | 'peer'; name: string } & Quantity) | null;
  /** measured ÷ reference (null without a reference, or when the reference is 0). */
  ratio: number | null;
  /** The goal as people read it ("≤ 2×", "≥ 95", "report"). */
  goal: string;
  /** The goal as a ratio (1 for a limit), for the chart; null when the figure only reports. */
  goalRatio: number | null;
  /** True when a larger ratio is better (a score, a throughput). */
  higherIsBetter: boolean;
  /** Whether the goal holds; null when the figure only reports. */
  met: boolean | null;
  /** Extra numbers a reader may want (p50 next to p95, LCP next to a score, …). */
  details?: Record<string, number | string>;
}

type Comparison = '<' | '≤' | '≥' | '=';

const holds = (value: number, comparison: Comparison, target: number): boolean =>
  comparison === '<'
    ? value < target
    : comparison === '≤'
      ? value <= target
      : comparison === '≥'
        ? value >= target
        : value === target;

const ratioOf = (value: number, reference: number): number | null =>
  reference === 0 ? null : value / reference;

/**
 * A figure with a fixed limit: the ratio is measured ÷ limit, and the goal is the
 * comparison with the limit itself ("< 500 MB" reads as ratio < 1).
 */
export function againstLimit(
  name: string,
  measured: Quantity,
  comparison: Comparison,
  limit: number,
  details?: Figure['details'],
): Figure {
  return {
    name,
    measured,
    reference: { kind: 'limit', name: 'limit', value: limit, unit: measured.unit },
    ratio: ratioOf(measured.value, limit),
    goal: `${comparison} ${formatNumber(limit)} ${measured.unit}`.trim(),
    goalRatio: limit === 0 ? null : 1,
    higherIsBetter: comparison === '≥',
    met: holds(measured.value, comparison, limit),
    details,
  };
}

/** A figure compared with a peer measured in the same run: the goal is on the ratio. */
export function againstPeer(
  name: string,
  measured: Quantity,
  peer: { name: string } & Quantity,
  goal: { comparison: Comparison; ratio: number } | null,
  details?: Figure['details'],
): Figure {
  const ratio = ratioOf(measured.value, peer.value);
  return {
    name,
    measured,
    reference: { kind: 'peer', ...peer },
    ratio,
    goal: goal ? `${goal.comparison} ${formatNumber(goal.ratio)}×` : 'report',
    goalRatio: goal?.ratio ?? null,
    higherIsBetter: goal?.comparison === '≥',
    met: goal && ratio !== null ? holds(ratio, goal.comparison, goal.ratio) : null,
    details,
  };
}

/** A figure kept for reference only. */
export function reportOnly(name: string, measured: Quantity, details?: Figure['details']): Figure {
  return {
    name,
    measured,
    reference: null,
    ratio: null,
    goal: 'report',
    goalRatio: null,
    higherIsBetter: false,
    met: null,
    details,
  };
}

export function formatNumber(value: number): string {
  const size = Math.abs(value);
  if (size > 0 && size < 1) return value.toLocaleString('en-US', { maximumSignificantDigits: 2 });
  return value.toLocaleString('en-US', { maximumFractionDigits: size >= 100 ? 0 : size >= 10 ? 1 : 2 });
}
