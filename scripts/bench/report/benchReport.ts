import os from 'node:os';
import type { Figure } from '../benchmark';

/** A figure as reported: which benchmark measured it, and when (a merged report mixes runs). */
export type ReportedFigure = Figure & { benchmark: string; measuredAt: string };

export interface Machine {
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGB: number;
}

export interface BenchReport {
  /** When the report was last written (its newest figures). */
  measuredAt: string;
  machine: Machine;
  /** The benchmarks whose figures it holds, in BENCHMARKS order. */
  benchmarks: string[];
  figures: ReportedFigure[];
  failures: { benchmark: string; error: string }[];
}

export function machineDescription(): Machine {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
  };
}

export const machineText = ({ node, cpus, cpuModel, memoryGB }: Machine) =>
  `Node ${node}, ${cpus} × ${cpuModel}, ${memoryGB} GB`;
