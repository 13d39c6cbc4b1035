import { api, queryClient, queryKeys, routes } from '@auditdesk/shared';

/** Under the leads' key: every change of the leads (here, by a sync, by anyone) refreshes it. */
export const duplicatesQuery = {
  queryKey: [...queryKeys.leads, 'duplicates'],
  queryFn: async () => {
    const answer = await api(routes.leadsDuplicates);
    // an answer of another shape (an older server, a proxy's page) is a failure, not a broken screen
    if (!Array.isArray(answer?.groups) || !Array.isArray(answer.leads) || !Array.isArray(answer.dismissed))
      throw new Error('The server answered something other than the possible duplicates. Reload the page.');
    return answer;
  },
};

const refresh = () => queryClient.invalidateQueries({ queryKey: duplicatesQuery.queryKey });

/** "Not a duplicate": these two leave each other's possible duplicates, for everyone. */
export async function dismissPair(a: number, b: number): Promise<void> {
  await api(routes.leadsDismissDuplicate, { body: { a, b } });
  await refresh();
}

/** Undoes dismissPair: the two count as possible duplicates again. */
export async function restorePair(a: number, b: number): Promise<void> {
  await api(routes.leadsRestoreDuplicate, { query: { a: String(a), b: String(b) } });
  await refresh();
}
