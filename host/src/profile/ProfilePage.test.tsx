import { authStore, type Role } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { ProfilePage } from './ProfilePage';

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession(
      { token: 'a.b.c', refreshToken: null },
      { id: '42', email: 'pat@example.com', name: 'Pat Doe', role },
    );
}

describe('ProfilePage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows the badges, details and the formatted permissions from the server', async () => {
    signInAs('Manager');
    fetchMock = mockFetch(({ url }) =>
      url.endsWith('/user/profile')
        ? json(200, { isDevelopment: true, accountType: 'Manager Account' })
        : json(200, { permissions: ['data_synchronization', 'lead_management'] }),
    );
    renderWithProviders(<ProfilePage />);

    expect(await screen.findByText('API Connected')).toBeInTheDocument();
    expect(screen.getByText('Dev Mode')).toBeInTheDocument();
    expect(screen.getAllByText('Manager')[0]).toBeInTheDocument();
    expect(screen.getByText('Manager Account')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Permissions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Data Synchronization', 'Lead Management']);
  });

  it('shows the cached user with a yellow notice when the server cannot be reached', async () => {
    signInAs('Admin');
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<ProfilePage />);

    expect(await screen.findByText('Backend Connection Issue')).toBeInTheDocument();
    expect(screen.getByText(/Failed to connect to server/)).toBeInTheDocument();
    expect(screen.queryByText('API Connected')).not.toBeInTheDocument();
    expect(screen.getByText('Administrator Account')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Permissions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Full system access', 'User management', 'Data synchronization', 'Lead management']);
  });

  it('lists no permissions for a User without any', async () => {
    signInAs('User');
    fetchMock = mockFetch(({ url }) =>
      url.endsWith('/user/profile')
        ? json(200, { isDevelopment: false, accountType: '' })
        : json(200, { permissions: [] }),
    );
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByText('API Connected')).toBeInTheDocument();
    expect(screen.getByText('Standard User Account')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Permissions' })).not.toBeInTheDocument();
  });
});
