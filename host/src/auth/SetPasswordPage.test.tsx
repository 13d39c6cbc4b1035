import { renderRoutes } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { SetPasswordPage } from './SetPasswordPage';

const routes = [{ path: '/set-password', element: <SetPasswordPage /> }];

describe('SetPasswordPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  async function fill(password: string, confirmation = password) {
    await userEvent.type(screen.getByLabelText(/New password/), password);
    await userEvent.type(screen.getByLabelText(/Repeat the password/), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
  }

  it('sets the password with the token from the link', async () => {
    fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    renderRoutes(routes, '/set-password?token=abc123');
    await fill('a-long-enough-password');
    expect(await screen.findByText('Password set')).toBeInTheDocument();
    expect(fetchMock.calls[0]).toMatchObject({
      url: '/api/auth/set-password',
      body: { token: 'abc123', password: 'a-long-enough-password' },
    });
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('checks length and the repetition before asking the server', async () => {
    fetchMock = mockFetch(() => json(500));
    renderRoutes(routes, '/set-password?token=abc123');
    await fill('short');
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 12 characters.');
    await userEvent.clear(screen.getByLabelText(/New password/));
    await userEvent.clear(screen.getByLabelText(/Repeat the password/));
    await fill('a-long-enough-password', 'something-else-entirely');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.');
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("shows the server's reason for a used or expired link", async () => {
    fetchMock = mockFetch(() =>
      json(400, { detail: 'This link is invalid, used or expired. Ask an admin for a new one.' }),
    );
    renderRoutes(routes, '/set-password?token=used');
    await fill('a-long-enough-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid, used or expired.');
  });

  it('explains a link without its token', () => {
    renderRoutes(routes, '/set-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });
});
