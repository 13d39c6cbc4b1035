import { renderRoutes } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { ASK_AN_ADMINISTRATOR, ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
];
const ANSWER = 'If this e-mail address belongs to an account, a link is on its way.';

describe('Forgot password?', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  it('is offered on /login and, when the server sends e-mail, asks for the address and shows the answer', async () => {
    fetchMock = mockFetch(({ url }) =>
      url.endsWith('/api/auth/options')
        ? json(200, { passwordResetByEmail: true })
        : json(202, { message: ANSWER }),
    );
    const { router } = renderRoutes(routes, '/login');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');

    await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), ' dana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(ANSWER)).toBeInTheDocument();
    expect(fetchMock.calls.at(-1)).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/api\/auth\/forgot-password$/),
      body: { email: 'dana@example.com' },
    });
  });

  it('says to ask an administrator when the server sends no e-mail', async () => {
    fetchMock = mockFetch(() => json(200, { passwordResetByEmail: false }));
    renderRoutes(routes, '/forgot-password');
    expect(await screen.findByText(ASK_AN_ADMINISTRATOR)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });
});
