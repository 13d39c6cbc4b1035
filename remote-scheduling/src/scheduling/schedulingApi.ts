import { apiData, queryKeys } from '@auditdesk/shared';
import type { GridRecord } from './schedulingTypes';

export const gridDataQuery = (range: { startDate: string; endDate: string }) => ({
  queryKey: [...queryKeys.scheduling, 'grid-data', range.startDate, range.endDate],
  queryFn: () =>
    apiData<GridRecord[]>(`/leads/grid-data?startDate=${range.startDate}&endDate=${range.endDate}`),
});

export const auditorsQuery = {
  queryKey: [...queryKeys.scheduling, 'auditors'],
  queryFn: () => apiData<{ auditors: string[] }>('/scheduling/auditors'),
  staleTime: Infinity,
};
