import { authStore, standaloneRoutes, toRole, type AccessRecord, type Role } from '@auditdesk/shared';
import { renderRoutes, renderWithProviders } from '@auditdesk/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { ADMIN_PAGES } from '../adminPages';
import UserManagementPage from './UserManagementPage';

const ADMIN_EMAIL = 'admin@example.com';

/** A tiny stand-in for the access API with the contract of the real one. */
function fakeAccessServer(
  records: AccessRecord[],
  failures: Record<string, number> = {},
  { sendsMail = true }: { sendsMail?: boolean } = {},
) {
  let nextId = 100;
  return mockFetch(({ url, method, body }) => {
    const path = url.replace('/api', '');
    const key = `${method} ${path.replace(/\/\d+/, '/{id}')}`;
    if (failures[key]) return json(failures[key], { detail: 'refused' });
    const input = body as Record<string, unknown>;
    if (key === 'GET /useraccess') return json(200, records);
    if (key === 'GET /auth/options')
      return json(200, { passwordResetByEmail: sendsMail, identityProvider: null });
    if (key === 'POST /useraccess/grant') {
      const existing = records.find((record) => record.email === input.email);
      if (existing) Object.assign(existing, { hasAccess: true, revokedAt: null, notes: input.notes });
      else
        records.push({
          id: nextId,
          userId: nextId++,
          email: String(input.email),
          name: String(input.name),
          role: toRole(input.role),
          hasAccess: true,
          revokedAt: null,
          lastLoginAt: null,
          notes: String(input.notes),
          invitationPending: true,
        });
      return json(200, {
        ...records.at(-1),
        ...(existing
          ? {}
          : {
              invitation: {
                delivery: 'link',
                url: 'http://localhost/set-password?token=1nvite',
                expiresAt: '2030-01-08T03:04:00Z',
                email: input.email,
              },
            }),
      });
    }
    if (key === 'POST /useraccess/revoke') {
      Object.assign(
        records.find((record) => record.email === input.email)!,
        { hasAccess: false, revokedAt: '2025-01-01T00:00:00Z' },
      );
      return json(200, {});
    }
    const id = Number(/\/user\/(\d+)/.exec(path)?.[1]);
    const target = records.find((record) => record.userId === id);
    if (key === 'PUT /user/{id}/role') return (Object.assign(target!, { role: input.role }), json(200, {}));
    if (key === 'DELETE /user/{id}')
      return (records.splice(records.indexOf(target!), 1), new Response(null, { status: 204 }));
    if (key === 'POST /user/{id}/invitation')
      return sendsMail
        ? json(201, { delivery: 'email', email: target!.email })
        : json(201, {
            delivery: 'link',
            url: 'http://localhost/set-password?token=n3w-invite',
            expiresAt: '2030-01-08T03:04:00Z',
            email: target!.email,
          });
    if (key === 'POST /user/{id}/password-link') {
      return json(201, {
        url: 'http://localhost/set-password?token=t0ken',
        expiresAt: '2030-01-02T03:04:00Z',
        email: target!.email,
      });
    }
    return json(404);
  });
}

const records = (): AccessRecord[] => [
  {
    id: 1,
    userId: 1,
    email: ADMIN_EMAIL,
    name: 'Ada Admin',
    role: 'Admin',
    hasAccess: true,
    revokedAt: null,
    lastLoginAt: '2025-03-04T21:05:00Z',
    notes: null,
    invitationPending: false,
  },
  {
    id: 2,
    userId: 2,
    email: 'sam.rivera@example.com',
    name: '',
    role: 'User',
    hasAccess: true,
    revokedAt: null,
    lastLoginAt: null,
    notes: null,
    invitationPending: true,
  },
  {
    id: 3,
    userId: 3,
    email: 'gone@example.com',
    name: 'Gone',
    role: 'Manager',
    hasAccess: false,
    revokedAt: '2025-01-01T00:00:00Z',
    lastLoginAt: null,
    notes: null,
    invitationPending: false,
  },
];

function signInAs(role: Role) {
  authStore
    .getState()
    .setSession({ token: 'a.b.c', refreshToken: null }, { id: '1', email: ADMIN_EMAIL, name: 'Ada', role });
}

const row = (email: string) => screen.getByTestId(`user-row-${email}`);
const counter = (label: string) => within(screen.getByLabelText(label)).getByText(/^\d+$/).textContent;

describe('UserManagementPage', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  beforeEach(() => signInAs('Admin'));
  afterEach(() => {
    fetchMock?.restore();
    act(() => authStore.getState().clearSession());
  });

  it('shows the counters and the System Users table', async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);

    expect(await screen.findByText('System Users')).toBeInTheDocument();
    expect([counter('Total Users'), counter('Active Users'), counter('Admins'), counter('Revoked')]).toEqual([
      '3',
      '2',
      '1',
      '1',
    ]);
    expect(within(row('sam.rivera@example.com')).getByText('Sam Rivera')).toBeInTheDocument();
    expect(within(row('sam.rivera@example.com')).getByText('Never')).toBeInTheDocument();
    expect(within(row('gone@example.com')).getByRole('button', { name: /^Inactive/ })).toBeInTheDocument();
    // one's own account cannot be changed from here
    expect(within(row(ADMIN_EMAIL)).getByRole('button', { name: `Delete ${ADMIN_EMAIL}` })).toBeDisabled();
  });

  it("refuses non-admins with 'Access Denied' on the remote's own server, with the manifest's message", () => {
    act(() => signInAs('Manager'));
    renderRoutes(standaloneRoutes('remote_admin', ADMIN_PAGES), '/user-management');
    // the refusal is the page's heading: every page has its h1
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access user management.")).toBeInTheDocument();
  });

  it("shows 'Failed to load users' with Retry, not counters of 0, when the list cannot be read", async () => {
    const failures: Record<string, number> = { 'GET /useraccess': 500 };
    fetchMock = fakeAccessServer(records(), failures);
    renderWithProviders(<UserManagementPage />);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Failed to load users');
    expect(panel).toHaveTextContent('refused');
    expect(screen.queryByLabelText('Total Users')).not.toBeInTheDocument();
    expect(screen.queryByText('System Users')).not.toBeInTheDocument();

    delete failures['GET /useraccess'];
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('System Users')).toBeInTheDocument();
    expect(counter('Total Users')).toBe('3');
  });

  it('adds a user: validation in order, Creating..., then the list reloads', async () => {
    const data = records();
    fetchMock = fakeAccessServer(data);
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');

    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Add User' });
    await userEvent.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is required');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'new.person');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument(); // typing clears the error
    await userEvent.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required');
    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'New Person');
    await userEvent.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');

    await userEvent.type(within(dialog).getByLabelText('Email Address'), '@example.com');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Manager' }));
    await userEvent.click(submit);

    expect(await screen.findByTestId('user-row-new.person@example.com')).toBeInTheDocument();
    // the server sends no e-mail here: a dialog offers the invitation's link to copy
    const added = await screen.findByRole('dialog', { name: 'User added' });
    expect(added).toHaveTextContent(
      /New Person \(new\.person@example\.com\) was added as Manager\. This server sends no e-mail: copy the link/,
    );
    expect(within(added).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    const grant = fetchMock.calls.find((call) => call.url === '/api/useraccess/grant');
    expect(grant?.body).toEqual({
      email: 'new.person@example.com',
      name: 'New Person',
      notes: 'User created: New Person',
      role: 'Manager',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    await userEvent.click(within(added).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("explains a refused grant with the spec's text", async () => {
    fetchMock = fakeAccessServer(records(), { 'POST /useraccess/grant': 403 });
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'x@example.com');
    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have permission to add users',
    );
  });

  it('changes a role and reloads; a failure says the change was not saved', async () => {
    const data = records();
    fetchMock = fakeAccessServer(data);
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');

    await userEvent.click(
      within(row('sam.rivera@example.com')).getByRole('textbox', { name: 'Role of sam.rivera@example.com' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(data[1]?.role).toBe('Manager'));
    expect(fetchMock.calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/user/2/role',
      body: { role: 'Manager' },
    });
    expect(await screen.findByText('sam.rivera@example.com is now Manager.')).toBeInTheDocument();

    fetchMock.restore();
    fetchMock = fakeAccessServer(data, { 'PUT /user/{id}/role': 500 });
    await userEvent.click(
      within(row('gone@example.com')).getByRole('textbox', { name: 'Role of gone@example.com' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(await screen.findByText('Failed to update user role. Changes not saved.')).toBeInTheDocument();
  });

  it("toggles access: revoke, then grant with 'Access restored'", async () => {
    const data = records();
    fetchMock = fakeAccessServer(data);
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');

    await userEvent.click(
      within(row('sam.rivera@example.com')).getByRole('button', { name: /^Invitation pending/ }),
    );
    // revoking asks first; Cancel changes nothing
    let dialog = await screen.findByRole('dialog', { name: 'Revoke access' });
    expect(dialog).toHaveTextContent('Revoke the access of Sam Rivera (sam.rivera@example.com)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(
      within(row('sam.rivera@example.com')).getByRole('button', { name: /^Invitation pending/ }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Revoke access' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(
      await within(row('sam.rivera@example.com')).findByRole('button', { name: /^Inactive/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('sam.rivera@example.com can no longer sign in.')).toBeInTheDocument();
    // restoring needs no confirmation
    await userEvent.click(within(row('gone@example.com')).getByRole('button', { name: /^Inactive/ }));
    expect(
      await within(row('gone@example.com')).findByRole('button', { name: /^Active/ }),
    ).toBeInTheDocument();
    expect(await screen.findByText('gone@example.com can sign in again.')).toBeInTheDocument();
    expect(
      fetchMock.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]),
    ).toEqual([
      ['/api/useraccess/revoke', { email: 'sam.rivera@example.com' }],
      ['/api/useraccess/grant', { email: 'gone@example.com', notes: 'Access restored', role: 'Manager' }],
    ]);
  });

  it('asks before an Admin becomes a Manager or a User', async () => {
    const data: AccessRecord[] = [
      ...records(),
      {
        id: 4,
        userId: 4,
        email: 'second.admin@example.com',
        name: 'Second Admin',
        role: 'Admin',
        hasAccess: true,
        revokedAt: null,
        lastLoginAt: null,
        notes: null,
        invitationPending: false,
      },
    ];
    fetchMock = fakeAccessServer(data);
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    const roleOf = () =>
      within(row('second.admin@example.com')).getByRole('textbox', {
        name: 'Role of second.admin@example.com',
      });

    await userEvent.click(roleOf());
    await userEvent.click(await screen.findByRole('option', { name: 'User' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove admin rights' });
    expect(dialog).toHaveTextContent(
      'Make Second Admin (second.admin@example.com) a User instead of an Admin?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(roleOf()).toHaveValue('Admin');

    await userEvent.click(roleOf());
    await userEvent.click(await screen.findByRole('option', { name: 'Manager' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove admin rights' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Manager' }));
    await waitFor(() => expect(data[3]?.role).toBe('Manager'));
    expect(await screen.findByText('second.admin@example.com is now Manager.')).toBeInTheDocument();
  });

  it("shows the admin's own status as Active, not as a greyed-out toggle", async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    const own = row(ADMIN_EMAIL);
    expect(within(own).queryByRole('button', { name: /Active|Inactive/ })).not.toBeInTheDocument();
    expect(within(own).getByTestId('own-status')).toHaveTextContent('Active');
    expect(within(own).getByTestId('own-status')).toHaveAttribute('data-variant', 'light');
  });

  it('deletes a user only after confirmation', async () => {
    const data = records();
    fetchMock = fakeAccessServer(data);
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');

    await userEvent.click(screen.getByRole('button', { name: 'Delete sam.rivera@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete sam.rivera@example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByTestId('user-row-sam.rivera@example.com')).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('sam.rivera@example.com was deleted.')).toBeInTheDocument();
  });

  it("shows 'Failed to delete user. User not removed.' when the server refuses", async () => {
    fetchMock = fakeAccessServer(records(), { 'DELETE /user/{id}': 500 });
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    await userEvent.click(screen.getByRole('button', { name: 'Delete sam.rivera@example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete user. User not removed.')).toBeInTheDocument();
  });

  it('sends the invitation again', async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    expect(screen.getByRole('button', { name: 'Resend invitation to gone@example.com' })).toBeDisabled();
    await userEvent.click(
      screen.getByRole('button', { name: 'Resend invitation to sam.rivera@example.com' }),
    );
    expect(
      await screen.findByText(
        'A new invitation to set a password is on its way to sam.rivera@example.com. The link of the earlier invitation no longer works.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/user/2/invitation' });
  });

  it('says an invited person has not come yet, instead of Active / Never', async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    const status = within(row('sam.rivera@example.com')).getByRole('button', {
      name: 'Invitation pending: toggle access of sam.rivera@example.com',
    });
    expect(status).toHaveTextContent(/^Invitation pending$/);
    expect(within(row('gone@example.com')).getByRole('button', { name: /^Inactive/ })).toBeInTheDocument();
    // still the way to revoke it, as for anyone with access
    await userEvent.click(status);
    expect(await screen.findByRole('dialog', { name: 'Revoke access' })).toBeInTheDocument();
  });

  it("says, before and after, that a resent invitation's link replaces the earlier one", async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    await userEvent.hover(
      screen.getByRole('button', { name: 'Resend invitation to sam.rivera@example.com' }),
    );
    expect(
      await screen.findByText('Resend the invitation by e-mail; its new link replaces the earlier one'),
    ).toBeInTheDocument();
  });

  it('without e-mail, the envelope makes an invitation link and the key a password link, each saying what it is', async () => {
    fetchMock = fakeAccessServer(records(), {}, { sendsMail: false });
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    const envelope = await screen.findByRole('button', {
      name: 'Invitation link for sam.rivera@example.com',
    });
    await userEvent.hover(envelope);
    expect(
      await screen.findByText(/^New invitation link to copy \(this server sends no e-mail\)/),
    ).toBeInTheDocument();

    await userEvent.click(envelope);
    const invitation = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(invitation).toHaveTextContent(
      'This server sends no e-mail: copy this new invitation and send it to sam.rivera@example.com. It replaces any earlier link, which no longer works.',
    );
    expect(within(invitation).getByLabelText('Link')).toHaveValue(
      'http://localhost/set-password?token=n3w-invite',
    );
    await userEvent.click(within(invitation).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Password link for sam.rivera@example.com' }));
    const password = await screen.findByRole('dialog', { name: 'Password link' });
    expect(password).toHaveTextContent(
      'Send this link to sam.rivera@example.com. It replaces any earlier link, which no longer works.',
    );
    expect(within(password).getByLabelText('Link')).toHaveValue('http://localhost/set-password?token=t0ken');
  });

  it('makes a password link to copy', async () => {
    fetchMock = fakeAccessServer(records());
    renderWithProviders(<UserManagementPage />);
    await screen.findByText('System Users');
    await userEvent.click(screen.getByRole('button', { name: 'Password link for sam.rivera@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Link')).toHaveValue('http://localhost/set-password?token=t0ken');
    expect(within(dialog).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
  });
});
