import { Button, Group, Modal, Text } from '@mantine/core';
import type { DisplayedUser } from './userAccessTypes';

interface DeleteUserModalProps {
  user: DisplayedUser | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (user: DisplayedUser) => void;
}

export function DeleteUserModal({ user, deleting, onCancel, onConfirm }: DeleteUserModalProps) {
  return (
    <Modal opened={Boolean(user)} onClose={onCancel} title="Delete user" centered>
      <Text mb="xs">Are you sure you want to delete this user?</Text>
      <Text size="sm" c="dimmed" mb="lg">
        {user?.name} ({user?.email}) will lose access and their account will be removed.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red" loading={deleting} onClick={() => user && onConfirm(user)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
