import { totalOf, type GridTotals } from '@auditdesk/shared';
import {
  CATEGORIES,
  categoryLeads,
  MEASURE_LEADS,
  type CategoryId,
  type LeadsFilter,
  type Measure,
} from './leadsOfCount';

export type Expanded = Record<CategoryId, boolean>;

export const ALL_COLLAPSED: Expanded = { fuel: false, providers: false, family: false };
export const ALL_EXPANDED: Expanded = { fuel: true, providers: true, family: true };

/** One number per auditor: a measure, or one part of an expanded category (`label` names the part). */
export interface ComparisonPart {
  key: string;
  label: string | null;
  value: (cell: GridTotals) => number;
  /** The leads behind the number; null when it is not a count of leads (Units). */
  leads: LeadsFilter | null;
}

/** A heading over one or more parts: Customers, Units, Referrals, or a category. */
export interface ComparisonGroup {
  id: string;
  label: string;
  category: CategoryId | null;
  parts: ComparisonPart[];
}

const measure = (id: Exclude<Measure, 'all'>, label: string): ComparisonGroup => ({
  id,
  label,
  category: null,
  parts: [{ key: id, label: null, value: (cell) => cell[id], leads: MEASURE_LEADS[id] }],
});

/**
 * The columns of 'Leads Data Comparison': each measure has the two auditors side by side
 * (what the table is for is comparing them); an expanded category has a pair per part.
 */
export function comparisonGroups(expanded: Expanded): ComparisonGroup[] {
  return [
    measure('customers', 'Customers'),
    // a week of only cancelled visits is not a row of zeros
    measure('completed', 'Completed'),
    measure('cancelled', 'Cancelled'),
    measure('units', 'Units'),
    measure('referrals', 'Referrals'),
    ...CATEGORIES.map((category) => ({
      id: category.id,
      label: category.label,
      category: category.id,
      parts: expanded[category.id]
        ? category.keys.map((key) => ({
            key,
            label: key,
            value: (cell: GridTotals) => cell[category.map][key] ?? 0,
            leads: categoryLeads(category.id, [key]),
          }))
        : [
            {
              key: `${category.id}-total`,
              label: null,
              value: (cell: GridTotals) => totalOf(cell[category.map], category.keys),
              leads: categoryLeads(category.id, category.keys),
            },
          ],
    })),
  ];
}

/** Header rows: the groups, the parts (when a category is expanded), the auditors. */
export const headerDepth = (groups: ComparisonGroup[]) =>
  groups.some((group) => group.parts.some((part) => part.label !== null)) ? 3 : 2;

/** What the narrow auditor columns say: first names, or the whole names when those are alike. */
export function shortNames(auditors: readonly string[]): string[] {
  const first = auditors.map((name) => name.trim().split(/\s+/)[0] ?? name);
  return new Set(first).size === first.length ? first : [...auditors];
}
