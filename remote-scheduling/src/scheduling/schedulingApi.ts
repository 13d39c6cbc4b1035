import { api, apiData, queryKeys, routes } from '@auditdesk/shared';
import type { GridRecord } from './schedulingTypes';

export const gridDataQuery = (range: { startDate: string; endDate: string }) => ({
  queryKey: [...queryKeys.scheduling, 'grid-data', range.startDate, range.endDate],
  queryFn: (): Promise<GridRecord[]> => api(routes.leadsGridData, { query: range }),
});

export const auditorsQuery = {
  queryKey: [...queryKeys.scheduling, 'auditors'],
  queryFn: () => apiData<{ auditors: string[] }>('/scheduling/auditors'),
  staleTime: Infinity,
};
