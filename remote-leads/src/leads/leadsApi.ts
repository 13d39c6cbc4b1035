import {
  api,
  invalidateAfterLeadChange,
  queryKeys,
  routes,
  type LeadDetail,
  type LeadEditableFields,
  type OfficeValueField,
} from '@auditdesk/shared';
import type { ApiLead } from './leadTypes';

/** The version a change expects: the lead's ETag as it was read. */
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** The screen asks for the formatted leads; the unformatted ones come separately, on demand. */
export const leadsQuery = {
  queryKey: [...queryKeys.leads, 'formatted'],
  queryFn: (): Promise<ApiLead[]> =>
    api(routes.leadsList, { query: { excludeCalendarNotFormatted: 'true' } }),
};

export const unformattedLeadsQuery = {
  queryKey: [...queryKeys.leads, 'calendar-not-formatted'],
  queryFn: (): Promise<ApiLead[]> => api(routes.leadsUnformatted),
};

export type LeadFormValues = LeadEditableFields;

export async function createLead(values: LeadFormValues): Promise<ApiLead> {
  const created = await api(routes.leadsCreate, { body: values });
  await invalidateAfterLeadChange();
  return created;
}

/**
 * Changes only the named fields, and only if the lead is still at `version`: otherwise the
 * server answers 412 with the lead as it is now (an ApiError whose problem holds `current`).
 */
export async function updateLead(
  id: number,
  changes: Partial<LeadFormValues>,
  version: number,
): Promise<ApiLead> {
  const saved = await api(routes.leadsUpdate, { params: { id }, body: changes, headers: ifMatch(version) });
  await invalidateAfterLeadChange();
  return saved;
}

export async function deleteLead(id: number): Promise<void> {
  await api(routes.leadsDelete, { params: { id } });
  await invalidateAfterLeadChange();
}

/** The lead with its office values beside the calendar's (under the leads' key: a sync refreshes it). */
export const leadDetailQuery = (id: number) => ({
  queryKey: [...queryKeys.leads, id, 'detail'],
  queryFn: (): Promise<LeadDetail> => api(routes.leadsGet, { params: { id } }),
});

/** Keeps the office's value of a field in conflict ('office'), or puts the calendar's back ('calendar'). */
export async function resolveOfficeValue(
  id: number,
  field: OfficeValueField,
  use: 'office' | 'calendar',
  version: number,
): Promise<LeadDetail> {
  const lead = await api(routes.leadsResolveOfficeValue, {
    params: { id, field },
    body: { use },
    headers: ifMatch(version),
  });
  await invalidateAfterLeadChange();
  return lead;
}

/** An event the calendar deleted while the office had changed its lead: keep it as a manual lead, or delete it. */
export async function resolveCalendarDeletion(
  id: number,
  use: 'office' | 'calendar',
  version: number,
): Promise<LeadDetail> {
  const lead = await api(routes.leadsResolveCalendarDeletion, {
    params: { id },
    body: { use },
    headers: ifMatch(version),
  });
  await invalidateAfterLeadChange();
  return lead;
}

/** Undoes a delete made here. */
export async function restoreLead(id: number): Promise<LeadDetail> {
  const lead = await api(routes.leadsRestore, { params: { id } });
  await invalidateAfterLeadChange();
  return lead;
}
