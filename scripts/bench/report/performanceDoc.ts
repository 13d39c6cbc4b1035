import fs from 'node:fs';
import { machineText, type BenchReport } from './benchReport';
import { formatMarkdownTable } from './formatTable';

export const LATEST_START = '<!-- bench:latest:start (written by pnpm bench) -->';
export const LATEST_END = '<!-- bench:latest:end -->';

/** The latest report as docs/performance.md shows it (prettier leaves the block alone). */
export function latestSection(report: BenchReport): string {
  return [
    LATEST_START,
    '<!-- prettier-ignore-start -->',
    `From \`pnpm bench\` on ${machineText(report.machine)}; each row says when it was measured.`,
    '',
    formatMarkdownTable(report.figures),
    ...(report.failures.length
      ? ['', `Failed: ${report.failures.map((failure) => failure.benchmark).join(', ')}.`]
      : []),
    '<!-- prettier-ignore-end -->',
    LATEST_END,
  ].join('\n');
}

/** Puts the latest report between the markers of `file` (a document that has none is left alone). */
export function writeLatestSection(file: string, report: BenchReport): boolean {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(LATEST_START);
  const end = text.indexOf(LATEST_END);
  if (start === -1 || end < start) return false;
  fs.writeFileSync(
    file,
    `${text.slice(0, start)}${latestSection(report)}${text.slice(end + LATEST_END.length)}`,
  );
  return true;
}
