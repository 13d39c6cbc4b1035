import { fakeSyncHub, renderRoutes } from '@auditdesk/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it("offers the leads that need review when the run's notification links to them", async () => {
    const hub = fakeSyncHub();
    const { router } = renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/scheduling');
    await act(() => hub.client.start());
    const notification = {
      id: 41,
      kind: 'sync-succeeded',
      severity: 'success',
      title: 'Sync finished (run on the schedule)',
      message: '2025-03-01 to 2025-03-31: Synced 2 events: … 2 leads need review.',
      link: '/leads?unformatted=shown&review=1',
      createdAt: '2026-11-28T10:00:00.000Z',
      read: false,
    };
    emit(hub, 'SyncCompleted', true, 'Synced 2 events: … 2 leads need review.', 2);
    emit(hub, 'NotificationAdded', notification);
    expect(await screen.findByText('Synced 2 events: … 2 leads need review.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Show the leads that need review' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/leads?unformatted=shown&review=1',
    );
    const links = () => screen.queryAllByRole('link', { name: 'Show the leads that need review' });
    await waitFor(() => expect(links()).toHaveLength(0));
    // a run with nothing to review leads to the Sync screen: no second toast
    emit(hub, 'NotificationAdded', { ...notification, id: 42, link: '/sync' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(links()).toHaveLength(0);
  });

  it('stays quiet on the Sync screen, which shows the outcome itself', async () => {
    const hub = fakeSyncHub();
    renderRoutes([{ path: '*', element: <Layout hub={hub} /> }], '/sync');
    await act(() => hub.client.start());
    emit(hub, 'SyncCompleted', true, 'Synced 12 events.', 12);
    expect(screen.queryByText('Sync finished')).not.toBeInTheDocument();
  });
});
