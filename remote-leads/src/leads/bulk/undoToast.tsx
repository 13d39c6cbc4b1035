import type { LeadActionSummary } from '@auditdesk/shared';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useUndoAction } from './useUndoAction';

/** How long the message with its Undo button stays. */
export const UNDO_TOAST_MS = 10_000;

function UndoToastMessage({ action, onUndone }: { action: LeadActionSummary; onUndone: () => void }) {
  const { undo, busy } = useUndoAction();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">Undo puts back what it replaced.</Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={busy}
        onClick={() => void undo(action).then((undone) => undone && onUndone())}
      >
        Undo
      </Button>
    </Group>
  );
}

/** Says the action is done, with an Undo button for ten seconds (later, from a lead's history). */
export function showUndoToast(action: LeadActionSummary): void {
  const id = `lead-action-${action.id}`;
  notifications.show({
    id,
    color: 'green',
    title: action.label,
    message: <UndoToastMessage action={action} onUndone={() => notifications.hide(id)} />,
    autoClose: UNDO_TOAST_MS,
  });
}
