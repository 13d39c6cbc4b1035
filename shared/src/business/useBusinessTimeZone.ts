import type { BusinessSettings } from '../contract/business';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../api/apiData';
import { queryKeys } from '../query/queryKeys';

/** GET /api/business, read once a session: it changes only with the server's settings. */
export const businessSettingsQuery = {
  queryKey: queryKeys.business,
  queryFn: () => apiData<BusinessSettings>('/business'),
  staleTime: Infinity,
};

/** The zone appointment times are shown in; undefined (the viewer's own) until it is known. */
export function useBusinessTimeZone(): string | undefined {
  return useQuery(businessSettingsQuery).data?.timeZone;
}
