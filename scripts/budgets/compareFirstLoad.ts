import type { ContentShare } from './scriptContents';
import type { Route } from './firstLoadBudgets';

/** One script of a route's first load, named so that the same chunk has the same key from build to build. */
export interface MeasuredScript {
  /** `<app>/<name>`: see stableName */
  key: string;
  kilobytes: number;
  contents: ContentShare[];
}

export interface MeasuredRoute {
  route: Route;
  kilobytes: number;
  scripts: MeasuredScript[];
}

/** What `pnpm budgets --record` keeps of each route: its total and each script's size (gzip KB). */
export interface FirstLoadRecord {
  recordedAt: string;
  commit: string;
  routes: Partial<Record<Route, { kilobytes: number; scripts: Record<string, number> }>>;
}

export interface BudgetVerdict {
  /** the routes over their budget */
  over: Route[];
  /** what to print: every route against its budget, then, per route over it, the scripts that changed */
  lines: string[];
}

const kb = (value: number) => `${value.toFixed(1)} KB`;
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)} KB`;
const percent = (contents: ContentShare[]) =>
  contents
    .filter((part) => part.share >= 0.01)
    .slice(0, 3)
    .map((part) => `${part.source} ${Math.round(part.share * 100)} %`)
    .join(', ');

/** Scripts that share a key (two chunks of one package) count as one. */
export function byKey(scripts: MeasuredScript[]): Map<string, MeasuredScript> {
  const merged = new Map<string, MeasuredScript>();
  for (const script of scripts) {
    const known = merged.get(script.key);
    merged.set(script.key, known ? { ...known, kilobytes: known.kilobytes + script.kilobytes } : script);
  }
  return merged;
}

/** A route's scripts against the record: those that grew, appeared, shrank or went, largest change first. */
function changedScripts(route: MeasuredRoute, recorded: Record<string, number>): string[] {
  const now = byKey(route.scripts);
  const keys = new Set([...now.keys(), ...Object.keys(recorded)]);
  const rows = [...keys]
    .map((key) => {
      const before = recorded[key];
      const script = now.get(key);
      const change = (script?.kilobytes ?? 0) - (before ?? 0);
      return { key, before, script, change };
    })
    .filter((row) => Math.abs(row.change) >= 0.1)
    .sort((a, b) => b.change - a.change);
  const width = Math.max(...rows.map((row) => row.key.length), 0);
  const lines = rows.map(({ key, before, script, change }) => {
    const what = before === undefined ? 'new ' : script === undefined ? 'gone' : change > 0 ? 'grew' : 'less';
    const sizes = `${before === undefined ? '—' : kb(before)} → ${script ? kb(script.kilobytes) : '—'}`;
    const holds = script?.contents.length ? `  (${percent(script.contents)})` : '';
    return `    ${what}  ${key.padEnd(width)}  ${sizes.padEnd(22)} ${signed(change).padStart(10)}${holds}`;
  });
  const unchanged = [...now.values()].filter((script) => !rows.some((row) => row.key === script.key));
  if (unchanged.length)
    lines.push(
      `    (${unchanged.length} other script(s) unchanged, ${kb(unchanged.reduce((sum, s) => sum + s.kilobytes, 0))})`,
    );
  return lines;
}

/** Each route's first-load JS against its budget; for a route over it, which scripts grew since the record. */
export function compareFirstLoad(
  measured: MeasuredRoute[],
  budgets: Record<Route, number>,
  record: FirstLoadRecord | null,
): BudgetVerdict {
  const over = measured.filter((route) => route.kilobytes > budgets[route.route]).map((route) => route.route);
  const lines = [
    'First-load JS of each route (gzip of the scripts arrived when the page is usable) against its budget:',
    ...measured.map((route) => {
      const budget = budgets[route.route];
      const verdict = over.includes(route.route)
        ? `OVER by ${kb(route.kilobytes - budget)}`
        : `ok (${kb(budget - route.kilobytes)} left)`;
      return `  ${route.route.padEnd(12)} ${kb(route.kilobytes).padStart(9)}   budget ${kb(budget).padStart(9)}   ${verdict}`;
    }),
  ];
  for (const route of measured.filter((candidate) => over.includes(candidate.route))) {
    const recorded = record?.routes[route.route];
    lines.push('');
    if (!recorded) {
      lines.push(`${route.route} is over its budget; no record to compare with. Its scripts now:`);
      lines.push(...changedScripts(route, {}));
      continue;
    }
    lines.push(
      `${route.route} is over its budget: ${kb(recorded.kilobytes)} → ${kb(route.kilobytes)} since the record ` +
        `of ${record.recordedAt.slice(0, 10)} (${record.commit}). The scripts that changed:`,
    );
    lines.push(...changedScripts(route, recorded.scripts));
  }
  if (over.length)
    lines.push(
      '',
      'Make the route load less at start (a lazy import, a smaller library), or raise its budget on purpose in',
      'scripts/budgets/firstLoadBudgets.ts and run `pnpm budgets --record` (docs/performance.md).',
    );
  return { over, lines };
}
