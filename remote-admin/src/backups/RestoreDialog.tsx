import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What both restores ask before they run: their own words above, the failure of the last try,
 * and Cancel beside the red button (neither closes while the restore runs).
 */
export function RestoreDialog({
  title,
  restoring,
  failure,
  confirmLabel,
  confirmDisabled = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  restoring: boolean;
  failure: string | null;
  confirmLabel: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={!restoring}>
      <Stack gap="sm">
        {children}
        {failure && (
          <Alert color="red" title="Not restored">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={restoring}>
            Cancel
          </Button>
          <Button color="red" loading={restoring} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
