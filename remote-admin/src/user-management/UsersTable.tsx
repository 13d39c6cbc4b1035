import { ROLES, type Role } from '@auditdesk/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconMailForward, IconTrash } from '@tabler/icons-react';
import { formatLastLogin } from './formatLastLogin';
import { linkActions } from './linkActions';
import type { DisplayedUser } from './userAccessTypes';

interface UsersTableProps {
  users: DisplayedUser[];
  currentUserEmail: string | undefined;
  onRoleChange: (user: DisplayedUser, role: Role) => void;
  onToggleAccess: (user: DisplayedUser) => void;
  onDelete: (user: DisplayedUser) => void;
  onPasswordLink: (user: DisplayedUser) => void;
  onResendInvitation: (user: DisplayedUser) => void;
  /** Whether the server sends e-mail (null: not known yet): what the envelope does. */
  sendsMail: boolean | null;
}

const OWN_ACCOUNT = 'You cannot change your own account';

/** The status of someone else's account, which also grants or revokes it. */
function AccessButton({ user, onToggle }: { user: DisplayedUser; onToggle: () => void }) {
  const [status, color] = !user.isActive
    ? ['Inactive', 'gray']
    : user.invitationPending
      ? ['Invitation pending', 'yellow']
      : ['Active', 'green'];
  const button = (
    <Button
      size="xs"
      variant="light"
      color={color}
      aria-label={`${status}: toggle access of ${user.email}`}
      onClick={onToggle}
    >
      {status}
    </Button>
  );
  return user.isActive && user.invitationPending ? (
    <Tooltip label="Invited, has not set a password yet. Select to revoke the access.">{button}</Tooltip>
  ) : (
    button
  );
}

export function UsersTable({
  users,
  currentUserEmail,
  onRoleChange,
  onToggleAccess,
  onDelete,
  onPasswordLink,
  onResendInvitation,
  sendsMail,
}: UsersTableProps) {
  const actions = linkActions(sendsMail);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        System Users
      </Title>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last Login</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const own = user.email === currentUserEmail;
            return (
              <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
                <Table.Td>
                  <Text fw={500}>{user.name}</Text>
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td w={160}>
                  <Select
                    aria-label={`Role of ${user.email}`}
                    data={[...ROLES].reverse()}
                    value={user.role}
                    allowDeselect={false}
                    disabled={own}
                    onChange={(role) => role && role !== user.role && onRoleChange(user, role as Role)}
                  />
                </Table.Td>
                <Table.Td w={170}>
                  {own ? (
                    // a disabled button is grey, which reads as 'Inactive': one's own status is a label
                    <Tooltip label={OWN_ACCOUNT}>
                      <Badge
                        color="green"
                        variant="light"
                        size="lg"
                        radius="sm"
                        tt="none"
                        aria-label={`Active: ${OWN_ACCOUNT.toLowerCase()}`}
                        data-testid="own-status"
                      >
                        Active
                      </Badge>
                    </Tooltip>
                  ) : (
                    <AccessButton user={user} onToggle={() => onToggleAccess(user)} />
                  )}
                </Table.Td>
                <Table.Td>{formatLastLogin(user.lastLogin)}</Table.Td>
                <Table.Td w={132}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={user.isActive ? actions.invitation.tooltip : 'Restore access to invite'}>
                      <ActionIcon
                        variant="subtle"
                        disabled={!user.isActive}
                        aria-label={actions.invitation.label(user.email)}
                        onClick={() => onResendInvitation(user)}
                      >
                        <IconMailForward size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={actions.password.tooltip}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={actions.password.label(user.email)}
                        onClick={() => onPasswordLink(user)}
                      >
                        <IconKey size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={own ? OWN_ACCOUNT : 'Delete user'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={own}
                        aria-label={`Delete ${user.email}`}
                        onClick={() => onDelete(user)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
