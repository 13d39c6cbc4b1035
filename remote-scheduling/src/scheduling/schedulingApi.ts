import { api, queryKeys, routes, type GridRecord } from '@auditdesk/shared';

export const gridDataQuery = (range: { startDate: string; endDate: string }) => ({
  queryKey: [...queryKeys.scheduling, 'grid-data', range.startDate, range.endDate],
  queryFn: (): Promise<GridRecord[]> => api(routes.leadsGridData, { query: range }),
});

export const auditorsQuery = {
  queryKey: [...queryKeys.scheduling, 'auditors'],
  queryFn: () => api(routes.schedulingAuditors),
  staleTime: Infinity,
};
