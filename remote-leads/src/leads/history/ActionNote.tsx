import { routes, useAccess, type LeadHistoryEntry } from '@auditdesk/shared';
import { Button, Group, Text } from '@mantine/core';
import { useUndoAction } from '../bulk/useUndoAction';

type EntryAction = NonNullable<LeadHistoryEntry['action']>;

/**
 * The bulk change or import a history entry was part of, with Undo (for an Admin or a
 * Manager) while it stands. An undo itself is not undone.
 */
export function ActionNote({ action }: { action: EntryAction }) {
  const canUndo = useAccess(routes.leadsUndoAction.access);
  const { undo, busy } = useUndoAction();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {action.label}
        {action.undoneAt ? ' (undone)' : ''}
      </Text>
      {canUndo && !action.undoneAt && action.kind !== 'undo' && (
        <Button
          size="compact-xs"
          variant="light"
          loading={busy}
          onClick={() => void undo(action)}
          aria-label={`Undo ${action.label}`}
        >
          Undo
        </Button>
      )}
    </Group>
  );
}
