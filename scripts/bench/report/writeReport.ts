import fs from 'node:fs';
import path from 'node:path';
import { appendHistory, readHistory } from './benchHistory';
import { machineText, type BenchReport } from './benchReport';
import { formatMarkdownTable } from './formatTable';
import { latestReport } from './mergeReport';
import { writeLatestSection } from './performanceDoc';
import { reportHtml } from './reportHtml';

/**
 * Appends the run to history.jsonl (committed), rebuilds the latest full report from that
 * history (the run merged into every earlier one: see latestReport), writes it as
 * report.json, report.html (with the history charts) and report.md, and into the
 * performance document's latest-run section. Returns the files written.
 */
export function writeReport(
  dir: string,
  run: BenchReport,
  benchmarkOrder: readonly string[],
  performanceDoc?: string,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const historyFile = path.join(dir, 'history.jsonl');
  appendHistory(historyFile, run);
  const history = readHistory(historyFile);
  const report = latestReport(history, benchmarkOrder) ?? run;
  const machine = machineText(report.machine);
  const files = {
    'report.json': `${JSON.stringify(report, null, 2)}\n`,
    'report.html': reportHtml(report.figures, report.measuredAt, machine, history),
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
