import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmChange {
  title: string;
  question: string;
  consequence: string;
  confirmLabel: string;
}

interface ConfirmChangeModalProps {
  change: ConfirmChange | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a change that locks someone out or takes rights away. */
export function ConfirmChangeModal({ change, busy, onCancel, onConfirm }: ConfirmChangeModalProps) {
  return (
    <Modal opened={Boolean(change)} onClose={onCancel} title={change?.title} centered>
      <Text mb="xs">{change?.question}</Text>
      <Text size="sm" c="dimmed" mb="lg">
        {change?.consequence}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          {change?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
