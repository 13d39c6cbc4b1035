import { CopyField, formatDateTime, type PasswordLink } from '@auditdesk/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A link to show; `added` when it is the first password of someone just added. */
export type ShownPasswordLink = PasswordLink & { added?: string };

/**
 * The link that sets a password, to copy and pass on. A dialog, not a toast: copying it is
 * a task, and a toast that stays until closed would cover the table's own buttons.
 */
export function PasswordLinkModal({
  link,
  onClose,
}: {
  link: ShownPasswordLink | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={Boolean(link)}
      onClose={onClose}
      title={link?.added ? 'User added' : 'Password link'}
      size="lg"
    >
      {link && (
        <Stack>
          <Text size="sm">
            {link.added
              ? `${link.added} This server sends no e-mail: copy the link and send it to ${link.email}.`
              : `Send this link to ${link.email}.`}{' '}
            It sets their password once and expires on {formatDateTime(link.expiresAt)}.
          </Text>
          <CopyField label="Link" value={link.url} copyLabel="Copy the link" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
