import { QueryClient } from '@tanstack/react-query';

export const STALE_TIME_MS = 5 * 60 * 1000;

/** The one QueryClient of the page; every remote gets it through the shared singleton. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: STALE_TIME_MS, refetchOnWindowFocus: false, retry: 1 },
  },
});
