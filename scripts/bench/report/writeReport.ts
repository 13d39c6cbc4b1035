import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure } from '../benchmark';
import { formatMarkdownTable } from './formatTable';
import { reportHtml } from './reportHtml';

export interface BenchReport {
  measuredAt: string;
  machine: { node: string; cpus: number; cpuModel: string; memoryGB: number };
  benchmarks: string[];
  figures: Figure[];
  failures: { benchmark: string; error: string }[];
}

export function machineDescription(): BenchReport['machine'] {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** Writes report.json, report.html (chart and table) and report.md (the table) into `dir`. */
export function writeReport(dir: string, report: BenchReport): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const { machine } = report;
  const machineText = `Node ${machine.node}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGB} GB`;
  const files = {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'report.html': reportHtml(report.figures, report.measuredAt, machineText),
    'report.md': `${formatMarkdownTable(report.figures)}\n\nMeasured ${report.measuredAt}, ${machineText}.\n`,
  };
  return Object.entries(files).map(([name, text]) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
}
