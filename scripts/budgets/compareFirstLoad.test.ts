import { compareFirstLoad, type FirstLoadRecord, type MeasuredRoute } from './compareFirstLoad';

const BUDGETS = { '/login': 100, '/scheduling': 120, '/leads': 200, '/sync': 150 };

const script = (key: string, kilobytes: number, source = key) => ({
  key,
  kilobytes,
  contents: [{ source, share: 1 }],
});

const RECORD: FirstLoadRecord = {
  recordedAt: '2026-11-28T10:00:00.000Z',
  commit: 'abc1234',
  routes: {
    '/scheduling': {
      kilobytes: 110,
      scripts: {
        'host/shared-libraries': 80,
        'host/main': 20,
        'remote-scheduling/remoteEntry': 8,
        'host/chunk of zod': 2,
      },
    },
  },
};

describe('compareFirstLoad', () => {
  it('passes routes within their budget and says what is left', () => {
    const verdict = compareFirstLoad(
      [{ route: '/login', kilobytes: 99.5, scripts: [script('host/main', 99.5)] }],
      BUDGETS,
      RECORD,
    );
    expect(verdict.over).toEqual([]);
    expect(verdict.lines.join('\n')).toMatch(/\/login\s+99\.5 KB\s+budget\s+100\.0 KB\s+ok \(0\.5 KB left\)/);
  });

  it('fails a route over its budget and names the scripts that grew, appeared and went since the record', () => {
    const scheduling: MeasuredRoute = {
      route: '/scheduling',
      kilobytes: 125,
      scripts: [
        { key: 'host/shared-libraries', kilobytes: 92, contents: [{ source: '@mantine/core', share: 0.4 }] },
        script('host/main', 20),
        script('remote-scheduling/remoteEntry', 8),
        script('remote-scheduling/chunk of recharts', 5, 'recharts'),
      ],
    };
    const verdict = compareFirstLoad([scheduling], BUDGETS, RECORD);
    expect(verdict.over).toEqual(['/scheduling']);
    const text = verdict.lines.join('\n');
    expect(text).toMatch(/\/scheduling\s+125\.0 KB\s+budget\s+120\.0 KB\s+OVER by 5\.0 KB/);
    expect(text).toContain('110.0 KB → 125.0 KB since the record of 2026-11-28 (abc1234)');
    const changed = verdict.lines.filter((line) => /^\s+(grew|new|gone|less)\s/.test(line));
    // largest growth first; unchanged scripts are only counted
    expect(changed).toEqual([
      expect.stringMatching(
        /grew\s+host\/shared-libraries\s+80\.0 KB → 92\.0 KB\s+\+12\.0 KB\s+\(@mantine\/core 40 %\)/,
      ),
      expect.stringMatching(
        /new\s+remote-scheduling\/chunk of recharts\s+— → 5\.0 KB\s+\+5\.0 KB\s+\(recharts 100 %\)/,
      ),
      expect.stringMatching(/gone\s+host\/chunk of zod\s+2\.0 KB → —\s+−2\.0 KB/),
    ]);
    expect(text).toContain('(2 other script(s) unchanged, 28.0 KB)');
    expect(text).toContain('scripts/budgets/firstLoadBudgets.ts');
  });

  it('counts two chunks of one key as one', () => {
    const verdict = compareFirstLoad(
      [
        {
          route: '/scheduling',
          kilobytes: 121,
          scripts: [script('host/shared-libraries', 80), script('host/main', 20), script('host/main', 21)],
        },
      ],
      BUDGETS,
      RECORD,
    );
    expect(verdict.lines.join('\n')).toMatch(/grew\s+host\/main\s+20\.0 KB → 41\.0 KB\s+\+21\.0 KB/);
  });

  it('lists every script of a route over its budget that has no record', () => {
    const verdict = compareFirstLoad(
      [{ route: '/sync', kilobytes: 151, scripts: [script('host/main', 151)] }],
      BUDGETS,
      null,
    );
    expect(verdict.over).toEqual(['/sync']);
    expect(verdict.lines.join('\n')).toContain('/sync is over its budget; no record to compare with');
    expect(verdict.lines.join('\n')).toMatch(/new\s+host\/main\s+— → 151\.0 KB/);
  });
});
