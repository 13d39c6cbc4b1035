import { useQuery } from '@tanstack/react-query';
import { api } from '../api/api';
import { routes } from '../contract/operations/routes';
import { queryKeys } from '../query/queryKeys';

/** GET /api/business, read once a session: it changes only with the server's settings. */
export const businessSettingsQuery = {
  queryKey: queryKeys.business,
  queryFn: () => api(routes.businessSettings),
  staleTime: Infinity,
};

/** The zone appointment times are shown in; undefined (the viewer's own) until it is known. */
export function useBusinessTimeZone(): string | undefined {
  return useQuery(businessSettingsQuery).data?.timeZone;
}
