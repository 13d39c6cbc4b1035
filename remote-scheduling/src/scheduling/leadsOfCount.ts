import {
  CANCELLED_STATUSES,
  COMPLETED_STATUSES,
  FUEL_TYPES,
  HOUSE_TYPES,
  leadsViewHref,
  PROVIDERS,
  type LeadsView,
} from '@auditdesk/shared';

/** The categories of the table and the chart: which grid map each reads and which lead field it is. */
export const CATEGORIES = [
  { id: 'fuel', label: 'Fuel Types', map: 'fuelTypes', keys: FUEL_TYPES, column: 'heatingFuel' },
  { id: 'providers', label: 'Providers', map: 'providers', keys: PROVIDERS, column: 'provider' },
  { id: 'family', label: 'Family Types', map: 'houseTypes', keys: HOUSE_TYPES, column: 'houseType' },
] as const;
export type CategoryId = (typeof CATEGORIES)[number]['id'];

/** The leads a number counts, as the leads screen's filters (besides the period and the auditor). */
export type LeadsFilter = Pick<LeadsView, 'columns'> & Partial<Pick<LeadsView, 'referredBy'>>;

/** The grid counts every lead that is not cancelled (DESIGN.md "Scheduling numbers"). */
const NOT_CANCELLED = { status: '!=Cancelled' };

export type Measure = 'all' | 'customers' | 'completed' | 'cancelled' | 'units' | 'referrals';

/** The leads behind each measure; null for Units, which is not a count of leads. */
export const MEASURE_LEADS: Record<Measure, LeadsFilter | null> = {
  all: { columns: {} },
  customers: { columns: NOT_CANCELLED },
  completed: { columns: { status: `=${COMPLETED_STATUSES.join('|')}` } },
  cancelled: { columns: { status: `=${CANCELLED_STATUSES.join('|')}` } },
  units: null,
  referrals: { columns: NOT_CANCELLED, referredBy: 'hide' },
};

/** The leads counted under some parts of a category (its customers with those values). */
export const categoryLeads = (id: CategoryId, keys: readonly string[]): LeadsFilter => {
  const category = CATEGORIES.find((candidate) => candidate.id === id)!;
  return { columns: { ...NOT_CANCELLED, [category.column]: `=${keys.join('|')}` } };
};

/** Where a count opens its leads: its days, its auditor, and what it counts. */
export function countHref(
  filter: LeadsFilter,
  scope: Pick<LeadsView, 'startDate' | 'endDate' | 'columns'> & { auditor: string },
): string {
  return leadsViewHref({
    startDate: scope.startDate,
    endDate: scope.endDate,
    referredBy: filter.referredBy ?? 'all',
    columns: { ...scope.columns, ...filter.columns, auditor: `=${scope.auditor}` },
  });
}
