import { useEffect, useRef, useState } from 'react';
import { syncHubClient } from './syncHubClient';
import { SYNC_HUB_EVENTS, type HubConnectionStatus, type SyncHubEvents } from './syncHubEvents';

/**
 * Connects to the sync hub while the component is mounted and calls the handlers for
 * the events that arrive; answers the connection's status.
 */
export function useSyncHub(handlers: Partial<SyncHubEvents>, client = syncHubClient): HubConnectionStatus {
  const [status, setStatus] = useState<HubConnectionStatus>(client.status);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const unsubscribe = [
      client.onStatus(setStatus),
      ...SYNC_HUB_EVENTS.map((event) =>
        client.on(event, ((...args: never[]) =>
          (latest.current[event] as ((...a: never[]) => void) | undefined)?.(...args)) as never),
      ),
    ];
    client.start().catch(() => undefined); // the status shows it; automatic reconnect does the rest
    return () => unsubscribe.forEach((stop) => stop());
  }, [client]);

  return status;
}
