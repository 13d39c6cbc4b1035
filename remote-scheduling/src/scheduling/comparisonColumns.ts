import { totalOf, type GridTotals, type LeadsView } from '@auditdesk/shared';
import { FAMILY_TYPES, FUEL_TYPES, PROVIDERS } from './schedulingTypes';

export const CATEGORIES = [
  { id: 'fuel', label: 'Fuel Types', map: 'fuelTypes', keys: FUEL_TYPES, column: 'heatingFuel' },
  { id: 'providers', label: 'Providers', map: 'providers', keys: PROVIDERS, column: 'provider' },
  { id: 'family', label: 'Family Types', map: 'houseTypes', keys: FAMILY_TYPES, column: 'houseType' },
] as const;

/** The leads a number counts, as the leads screen's filters (besides the period and the auditor). */
export type LeadsFilter = Pick<LeadsView, 'columns'> & Partial<Pick<LeadsView, 'referredBy'>>;

/** The grid counts every lead that is not cancelled (DESIGN.md "Scheduling numbers"). */
const NOT_CANCELLED = { status: '!=Cancelled' };
export type CategoryId = (typeof CATEGORIES)[number]['id'];
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

const MEASURE_LEADS: Record<'customers' | 'units' | 'referrals', LeadsFilter | null> = {
  customers: { columns: NOT_CANCELLED },
  units: null,
  referrals: { columns: NOT_CANCELLED, referredBy: 'hide' },
};

const measure = (id: 'customers' | 'units' | 'referrals', label: string): ComparisonGroup => ({
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
            leads: { columns: { ...NOT_CANCELLED, [category.column]: `=${key}` } },
          }))
        : [
            {
              key: `${category.id}-total`,
              label: null,
              value: (cell: GridTotals) => totalOf(cell[category.map], category.keys),
              leads: { columns: { ...NOT_CANCELLED, [category.column]: `=${category.keys.join('|')}` } },
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
