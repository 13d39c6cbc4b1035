import { apiRequest, queryKeys } from '@auditdesk/shared';
import type { GridRecord } from './schedulingTypes';

async function data<T>(path: string): Promise<T> {
  const result = await apiRequest<T>(path);
  if (!result.success) throw new Error(result.problem?.detail ?? result.error ?? 'An error occurred');
  return result.data as T;
}

export const gridDataQuery = (range: { startDate: string; endDate: string }) => ({
  queryKey: [...queryKeys.scheduling, 'grid-data', range.startDate, range.endDate],
  queryFn: () => data<GridRecord[]>(`/leads/grid-data?startDate=${range.startDate}&endDate=${range.endDate}`),
});

export const auditorsQuery = {
  queryKey: [...queryKeys.scheduling, 'auditors'],
  queryFn: () => data<{ auditors: [string, string] }>('/scheduling/auditors'),
  staleTime: Infinity,
};
