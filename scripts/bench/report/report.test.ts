import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { againstLimit } from '../benchmark';
import { readHistory, type HistoryEntry } from './benchHistory';
import type { BenchReport, ReportedFigure } from './benchReport';
import { latestReport, mergeReport } from './mergeReport';
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

  it('draws over the runs only the figures the report still has (not a renamed one)', () => {
    writeReport(
      dir,
      run('2026-11-01T10:00:00.000Z', [
        figure('sync', 'first sync, old name', 90, '2026-11-01T10:00:00.000Z'),
      ]),
      ORDER,
    );
    writeReport(
      dir,
      run('2026-11-02T09:00:00.000Z', [figure('sync', 'first sync', 150, '2026-11-02T09:00:00.000Z')]),
      ORDER,
    );
    const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
    expect(html).toContain('aria-label="first sync: ratio over 1 runs"');
    expect(html).not.toContain('old name: ratio over');
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

  it('on a fresh clone (only the committed history.jsonl, no report.json) a named run merges into the last full report', () => {
    writeReport(
      dir,
      run('2026-11-01T10:00:00.000Z', [
        figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z'),
        figure('hub', 'hub p95', 40, '2026-11-01T10:05:00.000Z'),
        figure('load', 'failed requests', 0, '2026-11-01T10:09:00.000Z'),
      ]),
      ORDER,
    );
    // what a clone has: the committed history, nothing else of bench-results/
    for (const name of fs.readdirSync(dir))
      if (!['history.jsonl', 'performance.md'].includes(name)) fs.rmSync(path.join(dir, name));

    writeReport(
      dir,
      run('2026-11-02T09:00:00.000Z', [figure('hub', 'hub p95', 60, '2026-11-02T09:00:00.000Z')]),
      ORDER,
      doc,
    );

    expect(
      report().figures.map(({ name, measured, measuredAt }) => [name, measured.value, measuredAt]),
    ).toEqual([
      ['first sync', 90, '2026-11-01T10:00:00.000Z'],
      ['hub p95', 60, '2026-11-02T09:00:00.000Z'],
      ['failed requests', 0, '2026-11-01T10:09:00.000Z'],
    ]);
    // each row whole: its reference, goal and verdict come back from the history
    expect(report().figures[0]).toEqual(figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z'));
    expect(fs.readFileSync(doc, 'utf8')).toContain(
      '| first sync | 90 ms | 100 ms | 0.9× | < 100 ms | ok |  | 2026-11-01 10:00 |',
    );
  });
});

describe('merging bench runs', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-history-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = (measuredAt: string, figures: ReportedFigure[], failed: string[] = []): HistoryEntry => ({
    measuredAt,
    machine,
    benchmarks: [...new Set([...figures.map((one) => one.benchmark), ...failed])],
    figures,
    failures: failed.map((benchmark) => ({ benchmark, error: 'Error: it broke' })),
  });

  it('merges the runs in the order they were measured, not the order of the lines', () => {
    const newer = entry('2026-11-03T08:00:00.000Z', [
      figure('sync', 'first sync', 70, '2026-11-03T08:00:00.000Z'),
    ]);
    const older = entry('2026-11-02T08:00:00.000Z', [
      figure('sync', 'first sync', 95, '2026-11-02T08:00:00.000Z'),
    ]);
    const file = path.join(dir, 'history.jsonl');
    fs.writeFileSync(file, `${JSON.stringify(newer)}\n${JSON.stringify(older)}\n`);

    const merged = latestReport(readHistory(file), ORDER);

    expect(merged?.figures.map((one) => one.measured.value)).toEqual([70]);
  });

  it('keeps the last figures of a benchmark that failed, with their time, and lists the failure until it runs again', () => {
    const first = entry('2026-11-01T10:00:00.000Z', [
      figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z'),
      figure('hub', 'hub p95', 40, '2026-11-01T10:05:00.000Z'),
    ]);
    const failed = entry('2026-11-02T10:00:00.000Z', [], ['hub']);
    const again = entry('2026-11-03T10:00:00.000Z', [
      figure('hub', 'hub p95', 45, '2026-11-03T10:00:00.000Z'),
    ]);

    const afterFailure = latestReport([first, failed], ORDER);
    expect(afterFailure?.figures.map((one) => [one.name, one.measuredAt])).toEqual([
      ['first sync', '2026-11-01T10:00:00.000Z'],
      ['hub p95', '2026-11-01T10:05:00.000Z'],
    ]);
    expect(afterFailure?.failures.map((one) => one.benchmark)).toEqual(['hub']);
    expect(latestReport([first, failed, again], ORDER)?.failures).toEqual([]);
  });

  it('replaces every row of a benchmark that ran, so a figure it no longer measures goes', () => {
    const previous = run('2026-11-01T10:00:00.000Z', [
      figure('sync', 'first sync', 90, '2026-11-01T10:00:00.000Z'),
      figure('sync', 'a figure since removed', 10, '2026-11-01T10:00:00.000Z'),
    ]);
    const latest = run('2026-11-02T10:00:00.000Z', [
      figure('sync', 'first sync', 80, '2026-11-02T10:00:00.000Z'),
    ]);

    expect(mergeReport(previous, latest, ORDER).figures.map((one) => one.name)).toEqual(['first sync']);
  });

  it("leaves out benchmarks that no longer exist, and puts new ones (a new feature's figures) in run order", () => {
    const merged = latestReport(
      [
        entry('2026-11-01T10:00:00.000Z', [
          figure('retired', 'an old figure', 1, '2026-11-01T10:00:00.000Z'),
        ]),
        entry('2026-11-02T10:00:00.000Z', [figure('load', 'failed requests', 0, '2026-11-02T10:00:00.000Z')]),
        entry('2026-11-03T10:00:00.000Z', [
          figure('release-promotion', 'promote a release', 30, '2026-11-03T10:00:00.000Z'),
        ]),
      ],
      [...ORDER.slice(0, 2), 'release-promotion', 'load'],
    );
    expect(merged?.figures.map((one) => one.name)).toEqual(['promote a release', 'failed requests']);
  });

  it('counts a run once when a merge kept its older line beside its rewrite with whole figures', () => {
    const file = path.join(dir, 'history.jsonl');
    const whole = entry('2026-11-25T03:07:25.681Z', [
      figure('sync', 'first sync', 536, '2026-11-25T03:07:25.681Z'),
    ]);
    const legacy = {
      measuredAt: whole.measuredAt,
      benchmarks: ['sync'],
      figures: [
        {
          benchmark: 'sync',
          name: 'first sync',
          value: 536,
          unit: 'ms',
          ratio: 5.36,
          goalRatio: 1,
          met: false,
        },
      ],
    };
    fs.writeFileSync(file, `${JSON.stringify(legacy)}\n${JSON.stringify(whole)}\n`);

    expect(readHistory(file)).toEqual([whole]);
  });

  it('reads lines written before the history kept whole figures: the reference worked back from the ratio', () => {
    const file = path.join(dir, 'history.jsonl');
    const legacy = {
      measuredAt: '2026-11-25T03:07:25.681Z',
      benchmarks: ['sync'],
      figures: [
        {
          benchmark: 'sync',
          name: 'first sync',
          value: 536,
          unit: 'ms',
          ratio: 6.8,
          goalRatio: 2,
          met: false,
        },
        {
          benchmark: 'sync',
          name: 'peak RSS',
          value: 499,
          unit: 'MB',
          ratio: 0.998,
          goalRatio: 1,
          met: true,
        },
      ],
    };
    fs.writeFileSync(file, `${JSON.stringify(legacy)}\nnot json\n`);

    const [first, rss] = latestReport(readHistory(file), ORDER)!.figures;

    expect(first).toMatchObject({
      measured: { value: 536, unit: 'ms' },
      reference: { kind: 'peer', value: 536 / 6.8 },
      goal: '≤ 2×',
      met: false,
      measuredAt: '2026-11-25T03:07:25.681Z',
    });
    expect(rss).toMatchObject({ reference: { kind: 'limit', value: 500 }, goal: '≤ 500 MB', met: true });
  });
});
