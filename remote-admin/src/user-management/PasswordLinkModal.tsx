import { CopyField, formatDateTime, type PasswordLink } from '@auditdesk/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LINK_REPLACES_EARLIER } from './linkActions';

/**
 * A link to show: an invitation's (`added` when it is the first of someone just added) or a
 * password link (the key).
 */
export type ShownPasswordLink = PasswordLink & { kind: 'invitation' | 'password'; added?: string };

const NO_EMAIL = 'This server sends no e-mail:';

/** The dialog's title and what it says before the link's expiry. */
function describe(link: ShownPasswordLink): { title: string; text: string } {
  if (link.added)
    return {
      title: 'User added',
      text: `${link.added} ${NO_EMAIL} copy the link and send it to ${link.email}.`,
    };
  if (link.kind === 'invitation')
    return {
      title: 'Invitation link',
      text: `${NO_EMAIL} copy this new invitation and send it to ${link.email}. ${LINK_REPLACES_EARLIER}`,
    };
  return { title: 'Password link', text: `Send this link to ${link.email}. ${LINK_REPLACES_EARLIER}` };
}

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
  const said = link && describe(link);
  return (
    <Modal opened={Boolean(link)} onClose={onClose} title={said?.title ?? 'Password link'} size="lg">
      {link && said && (
        <Stack>
          <Text size="sm">
            {said.text} It sets their password once and expires on {formatDateTime(link.expiresAt)}.
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
