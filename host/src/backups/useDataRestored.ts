import { syncHubClient, type SyncHubClient } from '@auditdesk/shared';
import type { HubEventArgs } from '@auditdesk/shared/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

export type DataRestored = HubEventArgs<'DataRestored'>[0];

/**
 * The database was restored (DataRestored over the hub): every query of the page is read again,
 * so no screen keeps showing data that is no longer there; answers the restore, to say so.
 */
export function useDataRestored(client: SyncHubClient = syncHubClient) {
  const queryClient = useQueryClient();
  const [restored, setRestored] = useState<DataRestored | null>(null);
  useEffect(
    () =>
      client.on('DataRestored', (change) => {
        setRestored(change);
        void queryClient.invalidateQueries();
      }),
    [client, queryClient],
  );
  const dismiss = useCallback(() => setRestored(null), []);
  return { restored, dismiss };
}
