import { apiRequest, invalidateAfterLeadChange, queryKeys, type LeadEditableFields } from '@auditdesk/shared';
import type { ApiLead } from './leadTypes';

async function data<T>(path: string, init?: Parameters<typeof apiRequest>[1]): Promise<T> {
  const result = await apiRequest<T>(path, init);
  if (!result.success) {
    const fields = result.problem?.errors ? Object.values(result.problem.errors).flat().join(' ') : '';
    throw new Error(
      [result.problem?.detail, fields].filter(Boolean).join(' ') || result.error || 'An error occurred',
    );
  }
  return result.data as T;
}

/** The screen asks for the formatted leads; the unformatted ones come separately, on demand. */
export const leadsQuery = {
  queryKey: [...queryKeys.leads, 'formatted'],
  queryFn: () => data<ApiLead[]>('/leads?excludeCalendarNotFormatted=true'),
};

export const unformattedLeadsQuery = {
  queryKey: [...queryKeys.leads, 'calendar-not-formatted'],
  queryFn: () => data<ApiLead[]>('/leads/calendar-not-formatted'),
};

export type LeadFormValues = LeadEditableFields;

export async function saveLead(id: number | null, values: LeadFormValues): Promise<ApiLead> {
  const saved =
    id === null
      ? await data<ApiLead>('/leads', { method: 'POST', body: values })
      : await data<ApiLead>(`/leads/${id}`, { method: 'PUT', body: values });
  await invalidateAfterLeadChange();
  return saved;
}

export async function deleteLead(id: number): Promise<void> {
  await data(`/leads/${id}`, { method: 'DELETE' });
  await invalidateAfterLeadChange();
}
