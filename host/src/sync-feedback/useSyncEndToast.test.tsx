import { fakeSyncHub, renderRoutes } from '@auditdesk/shared/testing';
import { act, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { useSyncEndToast } from './useSyncEndToast';

type Hub = ReturnType<typeof fakeSyncHub>;

function Layout({ hub }: { hub: Hub }) {
  useSyncEndToast(hub.client);
  return <Link to="/sync">Calendar Sync</Link>;
}

const emit = (hub: Hub, event: string, ...args: unknown[]) => act(() => hub.connection.emit(event, ...args));

describe('a toast when a sync ends', () => {
  it('tells a user on another screen how the sync ended', async () => {
    const hub = fakeSyncHub();
    renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/leads');
    await act(() => hub.client.start());
    emit(hub, 'SyncCompleted', true, 'Synced 12 events: 2 created, 0 updated, 0 deleted.', 12);
    expect(await screen.findByText('Sync finished')).toBeInTheDocument();
    expect(screen.getByText('Synced 12 events: 2 created, 0 updated, 0 deleted.')).toBeInTheDocument();
    emit(hub, 'SyncCompleted', false, 'The calendar file could not be read.', 0);
    expect(await screen.findByText('Sync failed')).toBeInTheDocument();
  });

  it('stays quiet on the Sync screen, which shows the outcome itself', async () => {
    const hub = fakeSyncHub();
    renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/sync');
    await act(() => hub.client.start());
    emit(hub, 'SyncCompleted', true, 'Synced 12 events.', 12);
    expect(screen.queryByText('Sync finished')).not.toBeInTheDocument();
  });
});
