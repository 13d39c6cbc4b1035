import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../apps';

/** Where each run writes what axe counted per route, dialog and popover (for the record). */
export const AXE_REPORT = path.join(ROOT, 'test-results', 'axe-report.json');

export interface AxeFinding {
  /** what was checked: a route, or a dialog on a route */
  view: string;
  counts: Record<'critical' | 'serious' | 'moderate' | 'minor', number>;
  /** every rule that found something: its impact and how many elements */
  rules: Record<string, string>;
  /** the critical and serious ones: rule, impact and where */
  blocking: { rule: string; impact: string; targets: string[]; why: string }[];
}

/**
 * Runs axe-core on the page as it is now (every rule axe has, WCAG 2.2 AA and best
 * practices); with `within`, on that part only (a modal dialog: the page behind it is
 * covered by its overlay and was checked on its own).
 */
export async function checkWithAxe(page: Page, view: string, within?: string): Promise<AxeFinding> {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const violation of violations)
    if (violation.impact) counts[violation.impact] += violation.nodes.length;
  const blocking = violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact!,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      why: violation.nodes[0]?.failureSummary ?? '',
    }));
  const rules = Object.fromEntries(
    violations.map((violation) => [violation.id, `${violation.impact} × ${violation.nodes.length}`]),
  );
  return { view, counts, rules, blocking };
}

export function writeAxeReport(findings: AxeFinding[]): void {
  fs.mkdirSync(path.dirname(AXE_REPORT), { recursive: true });
  fs.writeFileSync(AXE_REPORT, `${JSON.stringify(findings, null, 2)}\n`);
}
