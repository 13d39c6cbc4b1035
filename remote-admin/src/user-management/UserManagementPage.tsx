import { LoadErrorPanel, signInOptionsQuery, toastSuccess, useAuth, type Role } from '@auditdesk/shared';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AddUserModal } from './AddUserModal';
import {
  describeChange,
  needsConfirmationToChangeRole,
  needsConfirmationToRevoke,
  type PendingChange,
} from './confirmations';
import { ConfirmChangeModal } from './ConfirmChangeModal';
import { DeleteUserModal } from './DeleteUserModal';
import { toastInvitationEmailed } from './invitationToast';
import { invitationResent } from './linkActions';
import { PasswordLinkModal, type ShownPasswordLink } from './PasswordLinkModal';
import type { DisplayedUser, NewUser } from './userAccessTypes';
import { USER_ERRORS } from './userAccessErrors';
import { UserCounters } from './UserCounters';
import { UsersTable } from './UsersTable';
import { useUsers } from './useUsers';

/** Admin-only: the host and a standalone remote refuse it to others (the remote manifest's adminOnly). */
export default function UserManagementPage() {
  const currentEmail = useAuth((state) => state.user?.email);
  const { users, add, changeRole, toggleAccess, remove, passwordLink, invite } = useUsers();
  // whether the envelope e-mails an invitation or makes a link to copy
  const sendsMail = useQuery(signInOptionsQuery).data?.passwordResetByEmail ?? null;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DisplayedUser | null>(null);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [link, setLink] = useState<ShownPasswordLink | null>(null);
  // the first link of someone just added waits until the Add User dialog has closed and
  // given focus back, so that closing the link's dialog returns focus to Add User
  const [linkOfAdded, setLinkOfAdded] = useState<ShownPasswordLink | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const fail = (error: Error) => setActionError(error.message);
  const list = users.data ?? [];
  const error = actionError;

  const addUser = async (user: NewUser) => {
    const invitation = await add.mutateAsync(user);
    const added = `${user.name.trim()} (${user.email.trim()}) was added as ${user.role}.`;
    if (invitation?.delivery === 'email') toastInvitationEmailed('User added', added, invitation.email);
    else if (invitation) setLinkOfAdded({ ...invitation, kind: 'invitation', added });
    else
      toastSuccess(
        `${user.name.trim()} (${user.email.trim()}) can sign in again as ${user.role}.`,
        'User added',
      );
  };
  const resendInvitation = (user: DisplayedUser) =>
    invite.mutate(user, {
      onError: fail,
      onSuccess: (invitation) =>
        invitation.delivery === 'email'
          ? toastSuccess(invitationResent(invitation.email), 'Invitation sent')
          : setLink({ ...invitation, kind: 'invitation' }),
    });
  const applyRole = (user: DisplayedUser, role: Role) =>
    changeRole.mutate(
      { user, role },
      {
        onError: fail,
        onSuccess: () => toastSuccess(`${user.email} is now ${role}.`, 'Role changed'),
        onSettled: () => setPending(null),
      },
    );
  const applyAccess = (user: DisplayedUser) =>
    toggleAccess.mutate(user, {
      onError: fail,
      onSuccess: () =>
        user.isActive
          ? toastSuccess(`${user.email} can no longer sign in.`, 'Access revoked')
          : toastSuccess(`${user.email} can sign in again.`, 'Access restored'),
      onSettled: () => setPending(null),
    });
  const confirmPending = () => {
    if (pending?.kind === 'revoke') applyAccess(pending.user);
    if (pending?.kind === 'demote') applyRole(pending.user, pending.role);
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            User Management
          </Title>
          <Text c="dimmed">Who can sign in to Auditdesk, and what they may do.</Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
          Add User
        </Button>
      </Group>

      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          mb="lg"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setActionError(null)}
        >
          {error}
        </Alert>
      )}

      {users.isPending ? (
        <Stack>
          <Skeleton h={80} />
          <Skeleton h={240} />
        </Stack>
      ) : users.error ? (
        // never counters of 0 and an empty table for a list that could not be read
        <LoadErrorPanel
          title={USER_ERRORS.load}
          message={users.error.message}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <>
          <UserCounters users={list} />
          <UsersTable
            users={list}
            currentUserEmail={currentEmail}
            onRoleChange={(user, role) =>
              needsConfirmationToChangeRole(user, role)
                ? setPending({ kind: 'demote', user, role })
                : applyRole(user, role)
            }
            onToggleAccess={(user) =>
              needsConfirmationToRevoke(user) ? setPending({ kind: 'revoke', user }) : applyAccess(user)
            }
            onDelete={setDeleting}
            onPasswordLink={(user) =>
              passwordLink.mutate(user, {
                onSuccess: (made) => setLink({ ...made, kind: 'password' }),
                onError: fail,
              })
            }
            onResendInvitation={resendInvitation}
            sendsMail={sendsMail}
          />
        </>
      )}

      <AddUserModal
        opened={adding}
        onClose={() => setAdding(false)}
        onClosed={() => {
          setLink(linkOfAdded);
          setLinkOfAdded(null);
        }}
        onSubmit={addUser}
        existingEmails={list.map((user) => user.email)}
      />
      <DeleteUserModal
        user={deleting}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(user) =>
          remove.mutate(user, {
            onError: fail,
            onSuccess: () => toastSuccess(`${user.email} was deleted.`, 'User deleted'),
            onSettled: () => setDeleting(null),
          })
        }
      />
      <ConfirmChangeModal
        change={pending && describeChange(pending)}
        busy={toggleAccess.isPending || changeRole.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
      />
      <PasswordLinkModal link={link} onClose={() => setLink(null)} />
    </>
  );
}
