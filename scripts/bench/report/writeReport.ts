import fs from 'node:fs';
import path from 'node:path';
import { appendHistory, readHistory } from './benchHistory';
import { machineText, type BenchReport } from './benchReport';
import { formatMarkdownTable } from './formatTable';
import { mergeReport } from './mergeReport';
import { writeLatestSection } from './performanceDoc';
import { reportHtml } from './reportHtml';

function readReport(file: string): BenchReport | null {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchReport;
    // a report from before figures named their benchmark cannot be merged: start afresh
    return report.figures.every((figure) => typeof figure.benchmark === 'string') ? report : null;
  } catch {
    return null;
  }
}

/**
 * Merges the run into the last report (report.json, report.html with the history charts,
 * report.md), appends it to history.jsonl, and writes the merged report into the
 * performance document's latest-run section. Returns the files written.
 */
export function writeReport(
  dir: string,
  run: BenchReport,
  benchmarkOrder: readonly string[],
  performanceDoc?: string,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const report = mergeReport(readReport(path.join(dir, 'report.json')), run, benchmarkOrder);
  const historyFile = path.join(dir, 'history.jsonl');
  appendHistory(historyFile, run);
  const machine = machineText(report.machine);
  const files = {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'report.html': reportHtml(report.figures, report.measuredAt, machine, readHistory(historyFile)),
    'report.md': `${formatMarkdownTable(report.figures)}\n\nOn ${machine}.\n`,
  };
  const written = Object.entries(files).map(([name, text]) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
  written.push(historyFile);
  if (performanceDoc && writeLatestSection(performanceDoc, report)) written.push(performanceDoc);
  return written;
}
