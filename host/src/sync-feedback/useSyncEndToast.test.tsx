import { createSyncHubClient } from '@auditdesk/shared';
import { renderRoutes } from '@auditdesk/shared/testing';
import { act, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { useSyncEndToast } from './useSyncEndToast';

/** A hub connection that is always up and lets the test send the server's events. */
function fakeHub() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const connection = {
    state: 'Connected',
    start: async () => undefined,
    stop: async () => undefined,
    invoke: async () => undefined,
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
    onreconnecting: () => undefined,
    onreconnected: () => undefined,
    onclose: () => undefined,
  };
  const client = createSyncHubClient(async () => connection as never);
  return { client, emit: (event: string, ...args: unknown[]) => act(() => handlers.get(event)?.(...args)) };
}

function Layout({ hub }: { hub: ReturnType<typeof fakeHub> }) {
  useSyncEndToast(hub.client);
  return <Link to="/sync">Calendar Sync</Link>;
}

describe('a toast when a sync ends', () => {
  it('tells a user on another screen how the sync ended', async () => {
    const hub = fakeHub();
    renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/leads');
    await act(() => hub.client.start());
    hub.emit('SyncCompleted', true, 'Synced 12 events: 2 created, 0 updated, 0 deleted.', 12);
    expect(await screen.findByText('Sync finished')).toBeInTheDocument();
    expect(screen.getByText('Synced 12 events: 2 created, 0 updated, 0 deleted.')).toBeInTheDocument();
    hub.emit('SyncCompleted', false, 'The calendar file could not be read.', 0);
    expect(await screen.findByText('Sync failed')).toBeInTheDocument();
  });

  it('stays quiet on the Sync screen, which shows the outcome itself', async () => {
    const hub = fakeHub();
    renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/sync');
    await act(() => hub.client.start());
    hub.emit('SyncCompleted', true, 'Synced 12 events.', 12);
    expect(screen.queryByText('Sync finished')).not.toBeInTheDocument();
  });
});
