import { api, apiData, queryKeys, routes, type GridRecord } from '@auditdesk/shared';

export const gridDataQuery = (range: { startDate: string; endDate: string }) => ({
  queryKey: [...queryKeys.scheduling, 'grid-data', range.startDate, range.endDate],
  queryFn: () =>
    apiData<GridRecord[]>(`/leads/grid-data?startDate=${range.startDate}&endDate=${range.endDate}`),
});

export const auditorsQuery = {
  queryKey: [...queryKeys.scheduling, 'auditors'],
  queryFn: () => api(routes.schedulingAuditors),
  staleTime: Infinity,
};
