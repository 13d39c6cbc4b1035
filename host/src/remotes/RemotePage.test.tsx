import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { loadRemotePage } from './loadRemotePage';
import { REMOTE_PAGES } from './remotePages';
import { RemotePage } from './RemotePage';

jest.mock('./loadRemotePage');
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

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lead Management' })).toBeInTheDocument();
  });
});
