import { useQuery } from '@tanstack/react-query';
import { fetchResourceStats } from './fetchResourceStats';

/** A resource page's stats, read fresh on every visit and on Refresh. */
export function useResourceStats<T>(path: string) {
  return useQuery({
    queryKey: ['resources', path],
    queryFn: () => fetchResourceStats<T>(path),
    staleTime: 0,
    retry: false,
  });
}
