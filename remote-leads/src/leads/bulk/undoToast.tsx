import { toastFailure, toastSuccess, type LeadActionSummary } from '@auditdesk/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { restoreLead } from '../leadsApi';
import type { ApiLead } from '../leadTypes';
import { undoLeadAction } from './bulkApi';

/** How long the message with its Undo button stays. */
export const UNDO_TOAST_MS = 10_000;

/** What an Undo button does: its request, and what is said once it worked. */
export interface Undoable {
  run: () => Promise<unknown>;
  done: string;
}

/** A second button beside Undo (Show the imported leads). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

function UndoToastMessage({
  text,
  undoable,
  action,
  onUndone,
}: {
  text: string;
  undoable: Undoable;
  action?: ToastAction;
  onUndone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      await undoable.run();
      toastSuccess(undoable.done, 'Undone');
      onUndone();
    } catch (error) {
      toastFailure(error instanceof Error ? error.message : 'It could not be undone.', 'Not undone');
    } finally {
      setBusy(false);
    }
  };
  const undoButton = (
    <Button size="compact-sm" variant="light" loading={busy} onClick={() => void undo()}>
      Undo
    </Button>
  );
  if (!action)
    return (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{text}</Text>
        {undoButton}
      </Group>
    );
  return (
    <Stack gap={6}>
      <Text size="sm">{text}</Text>
      <Group gap="xs">
        {undoButton}
        <Button size="compact-sm" variant="subtle" disabled={busy} onClick={action.onClick}>
          {action.label}
        </Button>
      </Group>
    </Stack>
  );
}

/** Says something was done, with an Undo button (and another action) for ten seconds. */
export function showWithUndo(
  id: string,
  title: string,
  text: string,
  undoable: Undoable,
  action?: ToastAction,
): void {
  notifications.show({
    id,
    color: 'green',
    title,
    message: (
      <UndoToastMessage
        text={text}
        undoable={undoable}
        action={action && { ...action, onClick: () => (notifications.hide(id), action.onClick()) }}
        onUndone={() => notifications.hide(id)}
      />
    ),
    autoClose: UNDO_TOAST_MS,
  });
}

/**
 * Says the action is done, with an Undo button for ten seconds (later, from a lead's history);
 * `before`: its leads as they were, which the undo shows again as soon as the server answers.
 */
export function showUndoToast(action: LeadActionSummary, before: readonly ApiLead[] = []): void {
  showWithUndo(`lead-action-${action.id}`, action.label, 'Undo puts back what it replaced.', {
    run: () => undoLeadAction(action.id, before),
    done: `${action.label} was undone.`,
  });
}

/** Says a lead was deleted, with an Undo button for ten seconds that restores it. */
export function showDeletedToast(lead: { id: number; customerName: string }): void {
  showWithUndo(`lead-deleted-${lead.id}`, 'Lead deleted', `${lead.customerName} was deleted.`, {
    run: () => restoreLead(lead.id),
    done: `${lead.customerName} is back.`,
  });
}
