import { toastFailure } from '@auditdesk/shared';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { restorePair } from './duplicatesApi';

const AUTO_CLOSE_MS = 8000;

/** "Not a duplicate" was saved: says so, with an Undo that brings the pair back. */
export function notifyDismissed(first: { id: number; name: string }, second: { id: number; name: string }) {
  const id = `dismissed-${first.id}-${second.id}`;
  const undo = async () => {
    notifications.hide(id);
    try {
      await restorePair(first.id, second.id);
    } catch (error) {
      toastFailure(error instanceof Error ? error.message : 'The server did not answer.', 'Not undone');
      // the Undo comes back, so it can be tried again
      notifyDismissed(first, second);
    }
  };
  notifications.show({
    id,
    color: 'green',
    title: 'Not a duplicate',
    autoClose: AUTO_CLOSE_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          {first.name} and {second.name} are no longer shown as possible duplicates.
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => void undo()}>
          Undo
        </Button>
      </Group>
    ),
  });
}
