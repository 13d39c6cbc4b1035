import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { againstLimit } from '../benchmark';
import { readHistory } from './benchHistory';
import type { BenchReport, ReportedFigure } from './benchReport';
import { LATEST_END, LATEST_START } from './performanceDoc';
import { writeReport } from './writeReport';

const ORDER = ['sync', 'hub', 'load'];
const machine = { node: 'v20', cpus: 2, cpuModel: 'test cpu', memoryGB: 24 };

const figure = (benchmark: string, name: string, value: number, measuredAt: string): ReportedFigure => ({
  ...againstLimit(name, { value, unit: 'ms' }, '<', 100),
  benchmark,
  measuredAt,
});

const run = (measuredAt: string, figures: ReportedFigure[]): BenchReport => ({
  measuredAt,
  machine,
  benchmarks: [...new Set(figures.map((one) => one.benchmark))],
  figures,
  failures: [],
});

describe('the bench report', () => {
  let dir: string;
  let doc: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-report-'));
    doc = path.join(dir, 'performance.md');
    fs.writeFileSync(
      doc,
      `# Performance\n\n## Latest run\n\n${LATEST_START}\nold\n${LATEST_END}\n\n## After\n`,
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const report = () => JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as BenchReport;

  it('merges a named run into the last report: its rows replaced, the others kept with their time', () => {
    writeReport(
      dir,
      run('2026-11-01T10:00:00.000Z', [
        figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z'),
        figure('hub', 'hub p95', 40, '2026-11-01T10:05:00.000Z'),
      ]),
      ORDER,
      doc,
    );
    writeReport(
      dir,
      run('2026-11-02T09:00:00.000Z', [figure('sync', 'first sync', 120, '2026-11-02T09:00:00.000Z')]),
      ORDER,
      doc,
    );

    expect(
      report().figures.map(({ name, measured, measuredAt }) => [name, measured.value, measuredAt]),
    ).toEqual([
      ['first sync', 120, '2026-11-02T09:00:00.000Z'],
      ['hub p95', 40, '2026-11-01T10:05:00.000Z'],
    ]);
    expect(report().benchmarks).toEqual(['sync', 'hub']);
  });

  it('keeps every run in history.jsonl, and the page draws each figure over the runs', () => {
    writeReport(
      dir,
      run('2026-11-01T10:00:00.000Z', [figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z')]),
      ORDER,
    );
    writeReport(
      dir,
      run('2026-11-02T09:00:00.000Z', [figure('sync', 'first sync', 150, '2026-11-02T09:00:00.000Z')]),
      ORDER,
    );
    const history = readHistory(path.join(dir, 'history.jsonl'));
    expect(history.map((entry) => entry.figures.map((one) => one.ratio))).toEqual([[0.9], [1.5]]);
    const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
    expect(html).toContain('aria-label="first sync: ratio over 2 runs"');
  });

  it('writes the merged report between the markers of the performance document, and nothing else', () => {
    writeReport(
      dir,
      run('2026-11-01T10:00:00.000Z', [figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z')]),
      ORDER,
      doc,
    );
    const text = fs.readFileSync(doc, 'utf8');
    expect(text).not.toContain('\nold\n');
    expect(text).toMatch(
      /\| first sync \| 90 ms \| 100 ms \| 0\.9× \| < 100 ms \| ok \| {2}\| 2026-11-01 10:00 \|/,
    );
    expect(text.startsWith('# Performance\n\n## Latest run\n\n')).toBe(true);
    expect(text.endsWith(`${LATEST_END}\n\n## After\n`)).toBe(true);
  });
});
