import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { loadRemotePage } from './loadRemotePage';
import { reportLoadError } from './loadReports';
import { REMOTE_PAGES } from './remotePages';
import { RemotePage } from './RemotePage';
import { GIVE_UP_AFTER_MS, SLOW_AFTER_MS } from './useLoadClock';

jest.mock('./loadRemotePage');
jest.mock('./loadReports');
const load = jest.mocked(loadRemotePage);
const leads = REMOTE_PAGES.find((page) => page.remote === 'remote_leads')!;

describe('RemotePage', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the page the remote provides', async () => {
    load.mockResolvedValue(() => <h2>Lead Management</h2>);
    renderWithProviders(<RemotePage page={leads} />);
    expect(await screen.findByRole('heading', { name: 'Lead Management' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(leads, false);
  });

  it('names the remote and the error when it cannot be fetched, and Retry fetches again', async () => {
    load.mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest.'));
    load.mockResolvedValueOnce(() => <h2>Lead Management</h2>);
    renderWithProviders(<RemotePage page={leads} />);

    const panel = await screen.findByTestId('remote-error');
    expect(panel).toHaveTextContent('The Leads module could not be loaded.');
    // the runtime's own words are for whoever fixes it: folded away until asked for
    expect(panel).not.toHaveTextContent('Federation Runtime');
    await userEvent.click(screen.getByRole('button', { name: 'Show technical details' }));
    expect(screen.getByTestId('remote-error-details')).toHaveTextContent(
      'remote_leads (./LeadsPage) [ Federation Runtime ]: Failed to get manifest.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lead Management' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith(leads, true);
  });

  it('keeps a page that throws while rendering inside its panel', async () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined');
    };
    load.mockResolvedValueOnce(Broken).mockResolvedValueOnce(() => <h2>Lead Management</h2>);
    renderWithProviders(
      <>
        <p>sidebar</p>
        <RemotePage page={leads} />
      </>,
    );

    expect(await screen.findByTestId('remote-error')).toHaveTextContent(
      'The Leads module could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show technical details' }));
    expect(screen.getByTestId('remote-error-details')).toHaveTextContent(
      'Cannot read properties of undefined',
    );
    expect(screen.getByText('sidebar')).toBeInTheDocument();
    // a crash after the page loaded counts as an error of the release it runs
    expect(reportLoadError).toHaveBeenCalledWith('remote_leads', 'render', expect.any(Error));

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lead Management' })).toBeInTheDocument();
  });

  it('says a remote that does not answer is slow after 8 s with Retry, and gives up after 30 s', async () => {
    jest.useFakeTimers();
    try {
      load.mockReturnValueOnce(new Promise(() => {})).mockReturnValueOnce(new Promise(() => {}));
      load.mockResolvedValueOnce(() => <h2>Lead Management</h2>);
      renderWithProviders(<RemotePage page={leads} />);
      expect(screen.getByText('Loading Leads…')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(SLOW_AFTER_MS));
      expect(screen.getByRole('status')).toHaveTextContent('Leads is taking longer than usual…');
      // Retry starts the wait again, and asks for what is live now
      act(() => screen.getByRole('button', { name: 'Retry' }).click());
      expect(load).toHaveBeenLastCalledWith(leads, true);
      expect(screen.getByText('Loading Leads…')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(GIVE_UP_AFTER_MS));
      expect(screen.getByTestId('remote-error')).toHaveTextContent('The Leads module could not be loaded.');
      expect(reportLoadError).toHaveBeenCalledWith('remote_leads', 'timeout', 'No answer within 30 seconds.');
      act(() => screen.getByRole('button', { name: 'Show technical details' }).click());
      expect(screen.getByTestId('remote-error-details')).toHaveTextContent(
        'remote_leads did not answer within 30 seconds.',
      );
      act(() => screen.getByRole('button', { name: 'Retry' }).click());
      await act(async () => {
        await jest.runOnlyPendingTimersAsync();
      });
      expect(screen.getByRole('heading', { name: 'Lead Management' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
