import { apiData, invalidateAfterLeadChange, queryKeys, type LeadEditableFields } from '@auditdesk/shared';
import type { ApiLead } from './leadTypes';

/** The screen asks for the formatted leads; the unformatted ones come separately, on demand. */
export const leadsQuery = {
  queryKey: [...queryKeys.leads, 'formatted'],
  queryFn: () => apiData<ApiLead[]>('/leads?excludeCalendarNotFormatted=true'),
};

export const unformattedLeadsQuery = {
  queryKey: [...queryKeys.leads, 'calendar-not-formatted'],
  queryFn: () => apiData<ApiLead[]>('/leads/calendar-not-formatted'),
};

export type LeadFormValues = LeadEditableFields;

export async function createLead(values: LeadFormValues): Promise<ApiLead> {
  const created = await apiData<ApiLead>('/leads', { method: 'POST', body: values });
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
  const saved = await apiData<ApiLead>(`/leads/${id}`, {
    method: 'PATCH',
    body: changes,
    headers: { 'If-Match': `"${version}"` },
  });
  await invalidateAfterLeadChange();
  return saved;
}

export async function deleteLead(id: number): Promise<void> {
  await apiData(`/leads/${id}`, { method: 'DELETE' });
  await invalidateAfterLeadChange();
}
