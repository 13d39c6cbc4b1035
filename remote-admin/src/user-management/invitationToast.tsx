import type { Invitation } from '@auditdesk/shared/core';
import { Button, CopyButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/**
 * Says how the person gets their first password: the e-mail is on its way, or (the server
 * sends no e-mail) the link to copy and pass on, which stays until it is closed.
 */
export function showInvitation(title: string, added: string, invitation: Invitation): void {
  if (invitation.delivery === 'email') {
    notifications.show({
      color: 'green',
      title,
      message: [added, `An invitation to set a password is on its way to ${invitation.email}.`]
        .filter(Boolean)
        .join(' '),
      autoClose: 6000,
    });
    return;
  }
  notifications.show({
    color: 'green',
    title,
    autoClose: false,
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          {added} This server sends no e-mail: copy the link and send it to {invitation.email}. It sets their
          password once, within 7 days.
        </Text>
        <CopyButton value={invitation.url}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
              {copied ? 'Link copied' : 'Copy the link'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    ),
  });
}
